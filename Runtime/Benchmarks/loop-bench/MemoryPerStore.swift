import Foundation
import Loop

/// B4: the resident memory of an idle store with two feedbacks.
///
/// RSS measured inside one process is unreliable after the first run: the allocator keeps
/// freed pages, so a second batch of stores reuses them and seems free. Each run therefore
/// happens in a fresh child process (this executable started with ``childFlag``) that
/// measures one batch and prints its numbers; the parent takes the median.
enum MemoryPerStore {
  /// Live stores per run.
  static let stores = 10_000
  /// Feedbacks in each store.
  static let feedbacksPerStore = 2
  /// The argument that makes this executable run one measurement and print it.
  static let childFlag = "--memory-child"
  /// The argument after ``childFlag`` that measures the ``ActorStore`` baseline instead.
  static let actorFlag = "actor"

  /// What one child process measured, in bytes.
  struct Sample {
    /// Growth of VmRSS while the stores were created and kept alive.
    var rssGrowth: Int
    /// Growth of VmHWM, the peak RSS, over the same span.
    var peakGrowth: Int
  }

  /// A feature whose two feedbacks never start anything: their query is always `nil`.
  ///
  /// Built through ``Machine`` as an app would, so each store builds its own feedbacks.
  private struct Idle: Machine {
    static let reducer = Counter.reducer

    var feedbacks: [Feedback<Counter.State, Counter.Event>] {
      [
        .onChange(of: { _ in Int?.none }, effect: { _ in nil }),
        .onChange(of: { _ in Int?.none }, effect: { _ in nil }),
      ]
    }
  }

  /// Runs ``runs`` child processes and returns their samples.
  ///
  /// - Parameters:
  ///   - runs: How many fresh processes to measure.
  ///   - onActor: Whether to measure the ``ActorStore`` baseline instead of Loop's store.
  /// - Returns: One sample per process.
  /// - Throws: When a child cannot be started, fails, or prints something unexpected.
  static func run(_ runs: Int, onActor: Bool = false) throws -> [Sample] {
    try (0..<runs).map { _ in try sampleInChild(onActor: onActor) }
  }

  /// Starts one child, waits for it and parses the line it prints: `rssGrowth peakGrowth`.
  private static func sampleInChild(onActor: Bool) throws -> Sample {
    let text = try Bench.child([childFlag] + (onActor ? [actorFlag] : []), for: "B4")
    let fields = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    guard fields.count == 2 else {
      throw BenchError("B4 child printed \(text.debugDescription)")
    }
    return Sample(rssGrowth: fields[0], peakGrowth: fields[1])
  }

  /// The child's work: create ``stores`` idle stores, keep them alive, print the growth.
  ///
  /// One store is made and released first, so that type metadata and other one-time
  /// allocations are not charged to the batch. The array's storage is reserved before the
  /// first reading; it adds 8 bytes per store once written, which is counted.
  static func measureInChild() async throws {
    if CommandLine.arguments.dropFirst(2).first == actorFlag {
      try await measureActorsInChild()
      return
    }
    _ = Store(initial: Counter.State(), machine: Idle())
    var live: [Store<Counter.State, Counter.Event>] = []
    live.reserveCapacity(stores)
    let before = try ProcessStatus.read()
    for _ in 0..<stores {
      live.append(Store(initial: Counter.State(), machine: Idle()))
    }
    let after = try ProcessStatus.read()
    precondition(live.count == stores && live.allSatisfy { $0.state.count == 0 })
    withExtendedLifetime(live) {
      let rssGrowth = after.residentBytes - before.residentBytes
      let peakGrowth = after.peakResidentBytes - before.peakResidentBytes
      FileHandle.standardOutput.write(Data("\(rssGrowth) \(peakGrowth)\n".utf8))
    }
  }

  /// The child's work for the baseline: ``stores`` idle actor stores, each with its feedback
  /// task waiting on its stream of states.
  private static func measureActorsInChild() async throws {
    let idle: @Sendable (Counter.State) -> Counter.Event? = { _ in nil }
    _ = ActorStore.make(initial: Counter.State(), answer: idle)
    var live: [(ActorStore, Task<Void, Never>?)] = []
    live.reserveCapacity(stores)
    let before = try ProcessStatus.read()
    for _ in 0..<stores {
      live.append(ActorStore.make(initial: Counter.State(), answer: idle))
    }
    // Every feedback task has started and is waiting for a state, as an idle store's is.
    for (store, _) in live { await store.send(.increment) }
    let after = try ProcessStatus.read()
    withExtendedLifetime(live) {
      let rssGrowth = after.residentBytes - before.residentBytes
      let peakGrowth = after.peakResidentBytes - before.peakResidentBytes
      FileHandle.standardOutput.write(Data("\(rssGrowth) \(peakGrowth)\n".utf8))
    }
  }
}
