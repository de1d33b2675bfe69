/// A value with its hash worked out once, so a dictionary keyed by it hashes an `Int`.
///
/// The explorer hashes each successor state on the worker that made it, in parallel, and
/// merges into its index in order on one thread; equality still compares the values, and
/// only when the hashes match.
struct Hashed<Value: Hashable & Sendable>: Hashable, Sendable {
  let value: Value
  private let hash: Int

  /// The value's hash, worked out once.
  var hashValueOfValue: Int { hash }

  init(_ value: Value) {
    self.value = value
    hash = value.hashValue
  }

  static func == (lhs: Hashed, rhs: Hashed) -> Bool {
    lhs.hash == rhs.hash && lhs.value == rhs.value
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }
}
