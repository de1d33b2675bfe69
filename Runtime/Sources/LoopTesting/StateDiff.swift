/// A field-by-field comparison of two values of the same type, with stable field paths.
///
/// `StateDiff` walks both values with `Mirror` and reports each place where they differ, at
/// the path you would write in Swift to reach it. It needs no conformance from the compared
/// type: the exhaustive mode of the TestStore uses it to explain why the state after an event
/// is not the state the test expected, and contract reports use it the same way.
///
/// ```swift
/// let diff = StateDiff(expected: expectedState, actual: store.state)
/// print(diff?.description ?? "no difference")
/// //   status
/// //   - expected: .loading(page: 2)
/// //   + actual:   .idle
/// //   movies[2].title
/// //   - expected: "Dune"
/// //   + actual:   "Arrival"
/// ```
///
/// How each kind of value is compared, and the path of what lies inside it:
///
/// - **Structs, classes, tuples**: field by field, `plan.days` (a root field has no leading
///   dot: `status`). Tuple elements use their labels, or `.0`, `.1` (`pair.0`; `.0` at the
///   root). A class includes the stored properties its superclasses declare.
/// - **Optionals**: `nil` against a value is one difference at the optional's path; two values
///   are compared as the wrapped values, with nothing added to the path.
/// - **Enums**: the same case compares the payloads, under the case name: `status.loading.page`
///   for `case loading(page: Int)`, `.0`, `.1` for unlabeled payload values (a single unlabeled
///   payload is `.0` too). Different cases are one difference at the enum's path.
/// - **Arrays and other collections**: index by index, `movies[2]`. There is no attempt to
///   match moved elements: inserting at the front reports every later index. An element on one
///   side only is a difference whose other side is `nil`.
/// - **Sets**: members on one side only, at `tags{"swift"}`, sorted by their rendering, with
///   the other side `nil`.
/// - **Dictionaries**: key by key, sorted by the keys' rendering, at `cache["star"]` or
///   `scores[3]`. A key on one side only is a difference whose other side is `nil`.
/// - **Anything else** (numbers, strings, booleans, values without stored properties): compared
///   by `String(reflecting:)`. A value that describes itself and keeps only underscored
///   storage (such as `Duration`) is compared as a whole the same way first.
/// - A **different dynamic type** (in an `Any` or a class hierarchy) is one difference.
///
/// Values are rendered compactly, without module names: `Movie(id: 1, title: "Dune")`,
/// `.loading(page: 2)`, `[1, 2]`, `Set([1, 2])`, `["a": 1]`, optionals unwrapped, strings
/// quoted; a type that describes itself (`CustomStringConvertible`) is shown the way it
/// describes itself. Sets and dictionaries are matched by the rendering of members and keys.
///
/// Nesting is unlimited. Two references to the same class instance are equal; a class instance
/// met again along the same path is a cycle, which ends the walk there: it is compared as a
/// leaf and rendered `Node(<cycle>)`.
public struct StateDiff: Sendable, CustomStringConvertible {
  /// One place where the expected and the actual value differ.
  ///
  /// The two sides are compact renderings of the values at ``path``, in full (only
  /// ``StateDiff/description`` lays a long one out over several lines). A side is `nil` when
  /// it has no value at that path: an element, member or key present on the other side only.
  ///
  /// ```swift
  /// let title = StateDiff.Difference(
  ///   path: "movies[2].title", expected: "\"Dune\"", actual: "\"Arrival\"")
  /// let tag = StateDiff.Difference(path: "tags{\"new\"}", expected: nil, actual: "\"new\"")
  /// ```
  public struct Difference: Hashable, Sendable {
    /// Where the values differ: `movies[2].title`, `status`, `cache["star"]`, `tags{"swift"}`.
    ///
    /// Empty when the root values themselves differ (two different numbers, two different
    /// enum cases at the root).
    public let path: String
    /// The expected value at ``path``, rendered; `nil` when the expected side has none there.
    ///
    /// For example `"\"Dune\""`, `".loading(page: 2)"` or `"nil"` for an optional that is
    /// `nil` (the optional exists, it holds no value).
    public let expected: String?
    /// The actual value at ``path``, rendered; `nil` when the actual side has none there.
    ///
    /// For example `"\"Arrival\""`, `".idle"`, or `nil` for an element missing from an array.
    public let actual: String?
    /// The sides laid out over several lines, for a side too long for one; `nil` for a short
    /// side or a difference made from renderings alone.
    let layouts: (expected: String?, actual: String?)

    /// Creates a difference, as ``StateDiff`` reports it.
    ///
    /// Mostly useful to state the differences a test expects:
    ///
    /// ```swift
    /// #expect(diff.differences == [.init(path: "count", expected: "1", actual: "2")])
    /// ```
    ///
    /// - Parameters:
    ///   - path: Where the values differ.
    ///   - expected: The expected value, rendered, or `nil` when there is none at `path`.
    ///   - actual: The actual value, rendered, or `nil` when there is none at `path`.
    public init(path: String, expected: String?, actual: String?) {
      self.init(path: path, expected: expected, actual: actual, layouts: (nil, nil))
    }

    /// A difference with the sides' layouts for ``StateDiff/description``.
    init(path: String, expected: String?, actual: String?, layouts: (String?, String?)) {
      self.path = path
      self.expected = expected
      self.actual = actual
      self.layouts = layouts
    }

    /// Whether two differences have the same path and renderings (the layouts follow from
    /// them).
    public static func == (lhs: Self, rhs: Self) -> Bool {
      (lhs.path, lhs.expected, lhs.actual) == (rhs.path, rhs.expected, rhs.actual)
    }

    /// Hashes the path and the renderings.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(path)
      hasher.combine(expected)
      hasher.combine(actual)
    }
  }

  /// Every difference between the two values, in the order of the walk.
  ///
  /// Fields come in declaration order, elements in index order, set members and dictionary
  /// keys sorted by their rendering, so the same two values always give the same list.
  ///
  /// ```swift
  /// let paths = diff.differences.map(\.path)  // ["status", "movies[2].title"]
  /// ```
  public let differences: [Difference]

  /// Compares `actual` with `expected`, or returns `nil` when they have no difference.
  ///
  /// ```swift
  /// if let diff = StateDiff(expected: expected, actual: actual) {
  ///   Issue.record("State did not match:\n\(diff)")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - expected: The value the test expected.
  ///   - actual: The value it got.
  public init?<Value>(expected: Value, actual: Value) {
    var differ = StructuralDiffer()
    differ.compare(expected, actual, at: "")
    guard !differ.differences.isEmpty else { return nil }
    differences = differ.differences
  }

  /// The differences rendered for a test failure: the path, then `- expected` and `+ actual`.
  ///
  /// Each line is indented by two spaces so the diff nests under a failure's heading. A side
  /// with no value reads `(absent)`; a difference of the root values reads `(root)` as its
  /// path. A value of up to 200 characters stays on one line (line breaks are shown as
  /// `\n`). A longer one is shown whole, laid out as failure messages lay out states: one
  /// field or element per line, and a collection of more than 10 elements folded after the
  /// tenth, with a line counting the rest (`… 20 more (30 in all)`).
  ///
  /// ```text
  ///   status
  ///   - expected: .loading(page: 2)
  ///   + actual:   .idle
  ///   movies[3]
  ///   - expected: (absent)
  ///   + actual:   Movie(id: 4, title: "Heat")
  /// ```
  public var description: String {
    differences.map { difference in
      """
        \(difference.path.isEmpty ? "(root)" : difference.path)
        - expected: \(Self.side(difference.expected, laidOut: difference.layouts.expected))
        + actual:   \(Self.side(difference.actual, laidOut: difference.layouts.actual))
      """
    }.joined(separator: "\n")
  }

  /// The longest rendering ``description`` keeps on one line.
  static let renderedValueLimit = 200
  /// The column a side's value starts at in ``description``: after `  - expected: `.
  static let sideIndent = 14

  /// One side of a difference as ``description`` shows it: on one line, or laid out when it
  /// is too long for one and its layout is known.
  private static func side(_ rendering: String?, laidOut layout: String?) -> String {
    guard let rendering else { return "(absent)" }
    let oneLine = rendering.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      .joined(separator: "\\n")
    guard oneLine.count > renderedValueLimit, let layout else { return oneLine }
    return layout
  }
}
