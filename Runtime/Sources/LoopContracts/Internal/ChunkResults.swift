import LoopSynchronization

/// The results of a parallel map, one slot per chunk, each written once by its worker.
final class ChunkResults<T: Sendable>: Sendable {
  private let slots: Mutex<[[T]]>

  /// Makes `count` empty slots.
  init(count: Int) {
    slots = Mutex(Array(repeating: [], count: count))
  }

  /// Keeps the results of chunk `index`.
  func store(_ results: [T], at index: Int) {
    slots.withLock { $0[index] = results }
  }

  /// Every chunk's results, in chunk order.
  func joined() -> [T] {
    slots.withLock { $0.flatMap { $0 } }
  }
}
