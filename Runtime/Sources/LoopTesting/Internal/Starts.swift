import LoopSynchronization

/// The generations an instrument (``ControlledWork``, ``ControlledStream``) has started, as
/// its `starts` stream hands them to the test.
///
/// Each generation is buffered until read. A read with nothing buffered first settles the
/// test's stores (``TestTaskStores/settle()``), which runs what they will start, whatever the
/// store's schedule; when they are quiet and still nothing is announced, nothing will be, so
/// the read fails the test at once, saying so (at the line that made the test's first store),
/// and ends the stream, instead of waiting for the test's time limit.
final class Starts: Sendable {
  private struct Locked {
    var announced: [Int] = []
    /// Readers suspended until a generation is announced, by id.
    var readers: [Int: CheckedContinuation<Int?, Never>] = [:]
    var nextReader = 0
    var isFinished = false
  }

  private let locked = Mutex(Locked())
  /// The instrument, as messages name it: `ControlledWork<Forecast>`.
  private let instrument: String

  init(instrument: String) {
    self.instrument = instrument
  }

  /// The stream a test reads.
  func stream() -> AsyncStream<Int> {
    AsyncStream(unfolding: { [self] in await read() })
  }

  /// Announces `generation` to a waiting reader, or buffers it.
  func announce(_ generation: Int) {
    let reader = locked.withLock { locked -> CheckedContinuation<Int?, Never>? in
      guard let first = locked.readers.keys.min() else {
        locked.announced.append(generation)
        return nil
      }
      return locked.readers.removeValue(forKey: first)
    }
    reader?.resume(returning: generation)
  }

  /// Ends the stream: the instrument is gone.
  func finish() {
    let readers = locked.withLock { locked in
      locked.isFinished = true
      defer { locked.readers = [:] }
      return Array(locked.readers.values)
    }
    for reader in readers { reader.resume(returning: nil) }
  }

  /// The next generation, or `nil` when the stream has ended.
  private func read() async -> Int? {
    switch take() {
    case .generation(let generation): return generation
    case .finished: return nil
    case .nothing: break
    }
    if case .quiet(let site) = await TestTaskStores.settle() {
      switch take() {
      case .generation(let generation): return generation
      case .finished: return nil
      case .nothing:
        reportFailure(
          """
          Awaiting `starts` of \(instrument) failed.
            Expected: a generation to start: an effect of the test's stores calling it.
            Happened: nothing started one, and the test's stores are quiet, so nothing will.
            Fix: before awaiting `starts`, send the event (or advance the clock) that makes the \
          machine start the work; `await store.settle()` and read the store's pending work to \
          see what it waits for.
          """, at: site)
        return nil
      }
    }
    return await next()
  }

  private enum Taken {
    case generation(Int)
    case finished
    case nothing
  }

  /// A buffered generation, taken; else whether the stream has ended.
  private func take() -> Taken {
    locked.withLock { locked in
      if !locked.announced.isEmpty { return .generation(locked.announced.removeFirst()) }
      return locked.isFinished ? .finished : .nothing
    }
  }

  /// Suspends until a generation is announced, the stream ends, or the task is cancelled.
  private func next() async -> Int? {
    let id = locked.withLock { locked in
      defer { locked.nextReader += 1 }
      return locked.nextReader
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let now = locked.withLock { locked -> Int?? in
          if !locked.announced.isEmpty { return .some(locked.announced.removeFirst()) }
          if locked.isFinished || Task.isCancelled { return .some(nil) }
          locked.readers[id] = continuation
          return .none
        }
        if let now { continuation.resume(returning: now) }
      }
    } onCancel: {
      let reader = locked.withLock { $0.readers.removeValue(forKey: id) }
      reader?.resume(returning: nil)
    }
  }
}
