/// The explorer's index of the states it has reached: which node holds a state.
///
/// Keyed by the state's hash, with the node numbers under it, so the index holds integers
/// only: the states live once, in the explorer's nodes, and growing the index moves no
/// state. A lookup compares the states of the nodes under the hash, usually one.
struct NodeIndex: Sendable {
  private var buckets: [Int: [Int]] = [:]

  /// How many nodes are indexed.
  private(set) var count = 0

  /// The node whose state equals `value`, if any; `state(of:)` gives a node's state.
  func node<State: Hashable & Sendable>(
    of value: Hashed<State>, states: (Int) -> State
  ) -> Int? {
    buckets[value.hashValueOfValue]?.first { states($0) == value.value }
  }

  /// Indexes `node`, which holds `value`.
  mutating func insert<State: Hashable & Sendable>(_ value: Hashed<State>, as node: Int) {
    buckets[value.hashValueOfValue, default: []].append(node)
    count += 1
  }
}
