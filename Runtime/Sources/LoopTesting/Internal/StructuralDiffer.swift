/// Walks two values side by side with `Mirror` and collects where they differ.
///
/// This is the engine behind ``StateDiff``; the rules it follows are documented there. It
/// keeps the class instances on the current path of each side, so a cycle in a class graph
/// ends the walk at that point (compared as a leaf) instead of recursing for ever.
struct StructuralDiffer {
  /// The differences found so far, in walk order.
  private(set) var differences: [StateDiff.Difference] = []

  /// The class instances being compared further up the current path, on each side.
  private var expectedObjects: Set<ObjectIdentifier> = []
  private var actualObjects: Set<ObjectIdentifier> = []

  /// Compares `expected` with `actual` at `path`, recording every difference below it.
  ///
  /// - Parameters:
  ///   - expected: The value the test expected.
  ///   - actual: The value it got.
  ///   - path: Where the two values sit in the root values; empty for the roots themselves.
  mutating func compare(_ expected: Any, _ actual: Any, at path: String) {
    guard type(of: expected) == type(of: actual) else {
      return recordLeaf(expected, actual, at: path)
    }
    let expectedMirror = Mirror(reflecting: expected)
    let actualMirror = Mirror(reflecting: actual)
    switch expectedMirror.displayStyle {
    case .optional:
      switch (expectedMirror.children.first, actualMirror.children.first) {
      case (nil, nil):
        return
      case (let expectedWrapped?, let actualWrapped?):
        compare(expectedWrapped.value, actualWrapped.value, at: path)
      default:
        recordLeaf(expected, actual, at: path)
      }
    case .collection:
      compareElements(expectedMirror, actualMirror, at: path)
    case .set:
      compareMembers(expectedMirror, actualMirror, at: path)
    case .dictionary:
      compareEntries(expectedMirror, actualMirror, at: path)
    case .enum:
      compareCases(expected, actual, expectedMirror, actualMirror, at: path)
    case .class:
      compareObjects(expected, actual, expectedMirror, actualMirror, at: path)
    default:
      compareFields(
        expected, actual, expectedMirror.allChildren, actualMirror.allChildren, at: path)
    }
  }

  // MARK: - Shapes

  /// Structs, tuples, class instances and values with a custom mirror: field by field.
  private mutating func compareFields(
    _ expected: Any, _ actual: Any,
    _ expectedChildren: [Mirror.Child], _ actualChildren: [Mirror.Child], at path: String
  ) {
    let expectedLabels = expectedChildren.map(\.label)
    guard expectedLabels == actualChildren.map(\.label) else {
      return recordLeaf(expected, actual, at: path)
    }
    // A leaf, or an opaque value (`Duration`) whose own descriptions already differ. An
    // opaque value whose descriptions match still goes on field by field below, in case its
    // description hides a difference.
    if expectedChildren.isEmpty || ValueRendering.isOpaque(expected, children: expectedChildren) {
      if String(reflecting: expected) != String(reflecting: actual) {
        return recordLeaf(expected, actual, at: path)
      }
    }
    for (offset, (expectedChild, actualChild)) in zip(expectedChildren, actualChildren)
      .enumerated()
    {
      let label = expectedChild.label ?? ".\(offset)"
      compare(expectedChild.value, actualChild.value, at: Self.path(path, field: label))
    }
  }

  /// Enums: the same case recurses into its payload; different cases are one leaf.
  private mutating func compareCases(
    _ expected: Any, _ actual: Any, _ expectedMirror: Mirror, _ actualMirror: Mirror,
    at path: String
  ) {
    let expectedPayload = Array(expectedMirror.children)
    let actualPayload = Array(actualMirror.children)
    guard
      expectedPayload.count == 1, actualPayload.count == 1,
      let name = expectedPayload[0].label, name == actualPayload[0].label
    else {
      // Cases without a payload have no children: compare them whole.
      if expectedPayload.isEmpty && actualPayload.isEmpty
        && String(reflecting: expected) == String(reflecting: actual)
      {
        return
      }
      return recordLeaf(expected, actual, at: path)
    }
    let expectedValue = expectedPayload[0].value
    let actualValue = actualPayload[0].value
    let casePath = Self.path(path, field: name)
    // A labeled or multi-value payload is a tuple whose elements name themselves
    // (`page`, `.0`); a single unlabeled payload is the value itself, named `.0` likewise.
    if Mirror(reflecting: expectedValue).displayStyle == .tuple {
      compare(expectedValue, actualValue, at: casePath)
    } else {
      compare(expectedValue, actualValue, at: Self.path(casePath, field: ".0"))
    }
  }

  /// Class instances: the same instance cannot differ; a cycle is compared as a leaf.
  private mutating func compareObjects(
    _ expected: Any, _ actual: Any, _ expectedMirror: Mirror, _ actualMirror: Mirror,
    at path: String
  ) {
    guard
      let expectedObject = ValueRendering.identity(of: expected),
      let actualObject = ValueRendering.identity(of: actual)
    else {
      return compareFields(
        expected, actual, expectedMirror.allChildren, actualMirror.allChildren, at: path)
    }
    if expectedObject == actualObject { return }
    if expectedObjects.contains(expectedObject) || actualObjects.contains(actualObject) {
      let difference = difference(at: path, expected: expected, actual: actual)
      if difference.expected != difference.actual { differences.append(difference) }
      return
    }
    expectedObjects.insert(expectedObject)
    actualObjects.insert(actualObject)
    defer {
      expectedObjects.remove(expectedObject)
      actualObjects.remove(actualObject)
    }
    compareFields(expected, actual, expectedMirror.allChildren, actualMirror.allChildren, at: path)
  }

  /// Arrays and other collections: index by index, with no attempt to find moved elements.
  private mutating func compareElements(
    _ expectedMirror: Mirror, _ actualMirror: Mirror, at path: String
  ) {
    compareSequences(
      expectedMirror.children.map(\.value), actualMirror.children.map(\.value),
      at: { "\(path)[\($0)]" })
  }

  /// Sets: members present on one side only, sorted by their rendering.
  private mutating func compareMembers(
    _ expectedMirror: Mirror, _ actualMirror: Mirror, at path: String
  ) {
    // Members are matched by rendering (a type-erased set offers no other equality); the
    // count handles distinct members that render alike.
    var balance: [String: Int] = [:]
    for member in expectedMirror.children {
      balance[ValueRendering.render(member.value, visiting: expectedObjects), default: 0] += 1
    }
    for member in actualMirror.children {
      balance[ValueRendering.render(member.value, visiting: actualObjects), default: 0] -= 1
    }
    for (member, count) in balance.sorted(by: { $0.key < $1.key }) where count != 0 {
      let difference = StateDiff.Difference(
        path: "\(path){\(member)}",
        expected: count > 0 ? member : nil,
        actual: count < 0 ? member : nil)
      differences.append(contentsOf: repeatElement(difference, count: abs(count)))
    }
  }

  /// Dictionaries: key by key, keys sorted by their rendering.
  private mutating func compareEntries(
    _ expectedMirror: Mirror, _ actualMirror: Mirror, at path: String
  ) {
    guard
      let expectedEntries = entries(of: expectedMirror, visiting: expectedObjects),
      let actualEntries = entries(of: actualMirror, visiting: actualObjects)
    else {
      // A custom mirror styled as a dictionary without key-value entries.
      return compareElements(expectedMirror, actualMirror, at: path)
    }
    let expectedByKey = Dictionary(grouping: expectedEntries, by: \.key)
    let actualByKey = Dictionary(grouping: actualEntries, by: \.key)
    let keys = Set(expectedByKey.keys).union(actualByKey.keys).sorted()
    for key in keys {
      // Usually one value per key; distinct keys that render alike are paired in order.
      compareSequences(
        expectedByKey[key, default: []].map(\.value), actualByKey[key, default: []].map(\.value),
        at: { _ in "\(path)[\(key)]" })
    }
  }

  // MARK: - Helpers

  private mutating func compareSequences(
    _ expected: [Any], _ actual: [Any], at elementPath: (Int) -> String
  ) {
    for index in 0..<max(expected.count, actual.count) {
      switch (index < expected.count, index < actual.count) {
      case (true, true):
        compare(expected[index], actual[index], at: elementPath(index))
      case (true, false):
        differences.append(
          difference(at: elementPath(index), expected: expected[index], actual: nil))
      case (false, _):
        differences.append(difference(at: elementPath(index), expected: nil, actual: actual[index]))
      }
    }
  }

  private func entries(
    of mirror: Mirror, visiting objects: Set<ObjectIdentifier>
  ) -> [(key: String, value: Any)]? {
    var entries: [(key: String, value: Any)] = []
    for child in mirror.children {
      guard let entry = ValueRendering.keyAndValue(of: child.value) else { return nil }
      entries.append((ValueRendering.render(entry.key, visiting: objects), entry.value))
    }
    return entries
  }

  private mutating func recordLeaf(_ expected: Any, _ actual: Any, at path: String) {
    differences.append(difference(at: path, expected: expected, actual: actual))
  }

  /// The difference at `path` between two sides (`nil`: no value there), rendered on one line,
  /// and laid out over several when too long for one (see ``StateDiff/description``).
  private func difference(at path: String, expected: Any?, actual: Any?) -> StateDiff.Difference {
    let sides = [(expected, expectedObjects), (actual, actualObjects)].map { value, objects in
      value.map { value in
        let line = ValueRendering.render(value, visiting: objects)
        guard line.count > StateDiff.renderedValueLimit else { return (line, nil as String?) }
        let layout = ValueRendering.block(
          value, indent: StateDiff.sideIndent, visiting: objects)
        return (line, layout)
      }
    }
    return StateDiff.Difference(
      path: path, expected: sides[0]?.0, actual: sides[1]?.0,
      layouts: (sides[0]?.1, sides[1]?.1))
  }

  /// `path` followed by a field: `a.b`, `b` at the root, `a.0` for a tuple's `.0`.
  private static func path(_ path: String, field label: String) -> String {
    if label.hasPrefix(".") { return path + label }
    return path.isEmpty ? label : path + "." + label
  }
}
