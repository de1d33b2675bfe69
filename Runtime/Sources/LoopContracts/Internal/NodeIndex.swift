/// The explorer's index of the states it has reached: which node holds a state.
///
/// Keyed by the state's hash, with node numbers as values, so the index holds integers
/// only: the states live once, in the explorer's nodes, and growing the index moves no
/// state. The first node under a hash is kept inline; others (a collision, rare) in a list.
/// A lookup asks the caller whether a node's state is the one sought, usually once.
///
/// Not generic on purpose: the explorer is generic code called from other modules, so every
/// generic type it touches in its inner loops costs a metadata lookup per use.
struct NodeIndex: Sendable {
  private var first: [Int: Int] = [:]
  private var others: [Int: [Int]] = [:]

  /// How many nodes are indexed.
  private(set) var count = 0

  /// The node under `hash` whose state `matches` accepts, if any.
  func node(hash: Int, matches: (Int) -> Bool) -> Int? {
    guard let node = first[hash] else { return nil }
    if matches(node) { return node }
    return others[hash]?.first(where: matches)
  }

  /// Indexes `node`, whose state has `hash`.
  mutating func insert(hash: Int, node: Int) {
    if first[hash] == nil {
      first[hash] = node
    } else {
      others[hash, default: []].append(node)
    }
    count += 1
  }
}
