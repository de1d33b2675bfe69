/// `transform` of every element, at most `width` at a time, with the results in the
/// elements' order whatever order they finish in.
///
/// How the runner runs mutants and the conformance suite runs contracts side by side.
package func orderedMap<Element: Sendable, Result: Sendable>(
  _ elements: [Element], width: Int, _ transform: @escaping @Sendable (Element) async -> Result
) async -> [Result] {
  await withTaskGroup(of: (Int, Result).self) { group in
    var next = 0
    func addNext() {
      guard next < elements.count else { return }
      let index = next
      next += 1
      group.addTask { (index, await transform(elements[index])) }
    }
    for _ in 0..<max(1, width) { addNext() }
    var results: [(Int, Result)] = []
    for await result in group {
      results.append(result)
      addNext()
    }
    return results.sorted { $0.0 < $1.0 }.map(\.1)
  }
}
