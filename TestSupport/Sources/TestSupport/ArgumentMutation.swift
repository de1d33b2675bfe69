/// Mutated command lines: valid argument lists broken by dropping, repeating, swapping,
/// truncating and inserting odd tokens, drawn from a ``SeededGenerator``.
///
/// ```swift
/// let lists = ArgumentMutation.lists(
///   from: [["--pages", "2"]], tokens: ["--json"], count: 10, seed: 1)
/// lists[3]  // the same list on every run
/// ```
public enum ArgumentMutation {
  /// Tokens that probe the parser's edges, inserted or substituted at random.
  static let oddTokens: [String] = [
    "--", "-", "--x=", "", " ", "=", "--=", "-=", "---", "--json=", "--json=yes", "-h", "--help",
    "--version", "help", "-1", "-0", "0", "99999999999999999999", "-99999999999999999999", "1e400",
    "é", "👩‍👩‍👧‍👦", "\u{0}", "tab\there", "a\nb", "--line\nbreak", "--\u{301}", "-é", "--é=é",
    "\u{202E}--json",
    String(repeating: "x", count: 10_000), "--" + String(repeating: "a", count: 5_000),
    String(repeating: "-", count: 300), "--day", "--to-day", "-p", "-pp", "-jp", "--p=1=2",
  ]

  /// One way to break a list.
  enum Operation: CaseIterable {
    case drop, duplicate, swap, truncateList, insert, replace, truncateToken, glue, split
  }

  /// `count` lists, each a random base with one to three random operations applied.
  ///
  /// - Parameters:
  ///   - bases: Valid argument lists to start from.
  ///   - tokens: The app's own option names, added to the odd tokens.
  ///   - count: How many lists to make.
  ///   - seed: The generator's seed.
  /// - Returns: The lists, in order.
  public static func lists(
    from bases: [[String]], tokens: [String], count: Int, seed: UInt64
  ) -> [[String]] {
    var generator = SeededGenerator(seed: seed)
    let pool = oddTokens + tokens
    return (0..<count).map { _ in
      var arguments = bases.randomElement(using: &generator) ?? []
      for _ in 0..<Int.random(in: 1...3, using: &generator) {
        let operation = Operation.allCases.randomElement(using: &generator) ?? .insert
        arguments = apply(operation, to: arguments, pool: pool, &generator)
      }
      return arguments
    }
  }

  private static func apply(
    _ operation: Operation, to list: [String], pool: [String], _ generator: inout SeededGenerator
  ) -> [String] {
    var list = list
    let token = pool.randomElement(using: &generator) ?? "--"
    guard !list.isEmpty else { return [token] }
    let at = Int.random(in: list.indices, using: &generator)
    switch operation {
    case .drop:
      list.remove(at: at)
    case .duplicate:
      list.insert(list[at], at: Int.random(in: 0...list.count, using: &generator))
    case .swap:
      list.swapAt(at, Int.random(in: list.indices, using: &generator))
    case .truncateList:
      list = Array(list.prefix(at))
    case .insert:
      list.insert(token, at: Int.random(in: 0...list.count, using: &generator))
    case .replace:
      list[at] = token
    case .truncateToken:
      list[at] = String(list[at].prefix(Int.random(in: 0...list[at].count, using: &generator)))
    case .glue:
      // "--day" "3" becomes "--day=3", or "a" "b" becomes "a=b".
      guard at + 1 < list.count else { return list + ["=" + token] }
      list[at] += "=" + list.remove(at: at + 1)
    case .split:
      guard let equals = list[at].firstIndex(of: "=") else { return list + [token, token] }
      let word = list[at]
      list[at] = String(word[..<equals])
      list.insert(String(word[word.index(after: equals)...]), at: at + 1)
    }
    return list
  }
}
