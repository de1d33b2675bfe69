/// How the explorer's breadth-first search first reached each state: the state's parent and
/// the place of the event in the parent's alphabet, eight bytes a state.
///
/// The states themselves are not kept: a path is rebuilt by replaying the events from the
/// initial state (``Explorer``), which costs a few reducer steps when a failure is reported,
/// and saves the whole state for every state reached. So the search's memory follows the
/// states it reaches, as a model checker's does (TLC keeps a fingerprint a state, and rebuilds
/// a counterexample's path when it needs one), not the steps it takes.
///
/// Not generic on purpose: the explorer is generic code called from other modules, so every
/// generic type it touches in its inner loops costs a metadata lookup per use.
struct SearchTree: Sendable {
  /// Each node's parent; a root holds `-1 - origin`, its initial state's index.
  private var parents: [Int32] = []
  /// The index of the event that reached each node, in its parent's alphabet.
  private var choices: [Int32] = []

  /// How many nodes there are.
  var count: Int { parents.count }

  /// Adds a root: initial state `origin`.
  ///
  /// - Returns: Its node.
  mutating func addRoot(origin: Int) -> Int {
    append(parent: -1 - origin, choice: -1)
  }

  /// Adds the node `parent`'s event number `choice` reached.
  ///
  /// - Returns: Its node.
  mutating func add(parent: Int, choice: Int) -> Int {
    append(parent: parent, choice: choice)
  }

  private mutating func append(parent: Int, choice: Int) -> Int {
    precondition(parents.count < Int(Int32.max), "the explorer's search tree is full")
    parents.append(Int32(parent))
    choices.append(Int32(choice))
    return parents.count - 1
  }

  /// The initial state `node` comes from, and the alphabet places of the events from there.
  func path(to node: Int) -> (origin: Int, choices: [Int]) {
    var path: [Int] = []
    var current = node
    while parents[current] >= 0 {
      path.append(Int(choices[current]))
      current = Int(parents[current])
    }
    return (-1 - Int(parents[current]), path.reversed())
  }

  /// The chance that two of `states` distinct states share a 64-bit fingerprint, so that the
  /// search took one for the other and missed what lies beyond it: about n² / 2⁶⁵.
  static func collisionChance(of states: Int) -> Double {
    let pairs = Double(states) * Double(max(0, states - 1)) / 2
    return min(1, pairs / 18_446_744_073_709_551_616.0)
  }
}
