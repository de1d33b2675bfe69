import Foundation
import LoopSynchronization

/// The threads that are inside libcurl, so that the process does not exit under them.
///
/// `exit()` tears down what libcurl and the libraries beneath it use (their global state and
/// handlers run at exit) while a transfer's thread may still be decompressing or reading an
/// answer: a request in flight when a command ends, or a cancelled one in the second before
/// its progress callback looks. That thread then crashed the process on its way out (a
/// signal 11 in libz, about one exit in ten with a request in flight). ``shared`` is
/// ended from an `atexit` handler, registered after libcurl's own so that it runs first:
/// every transfer is told to stop, and the exit waits until their threads have left libcurl.
final class TransferThreads: Sendable {
  /// The threads of the process's transfers.
  static let shared = TransferThreads()

  /// How many threads are inside libcurl, and whether the process is ending.
  private let state = Mutex<(running: Int, ending: Bool)>((0, false))

  /// Whether the process is ending: a transfer still inside libcurl stops, and none starts.
  var isEnding: Bool {
    state.withLock { $0.ending }
  }

  /// Counts a thread in while it performs a transfer; runs nothing once the process is ending.
  ///
  /// - Parameter transfer: The transfer, run on the calling thread.
  /// - Returns: What `transfer` returned, or `nil` when the process is ending.
  func running<Result>(_ transfer: () -> Result) -> Result? {
    let started = state.withLock { state in
      guard !state.ending else { return false }
      state.running += 1
      return true
    }
    guard started else { return nil }
    defer { state.withLock { $0.running -= 1 } }
    return transfer()
  }

  /// Tells every transfer to stop and waits until no thread is inside libcurl, or until
  /// `limit` has passed.
  ///
  /// A transfer sees the flag in its progress callback, which libcurl calls at least once a
  /// second, so the wait is a second at most unless a thread is stuck in a name lookup.
  ///
  /// - Parameter limit: The longest the wait may take.
  /// - Returns: Whether every thread left libcurl within `limit`.
  @discardableResult
  func end(waitingAtMost limit: Duration) -> Bool {
    state.withLock { $0.ending = true }
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: limit)
    while state.withLock({ $0.running }) > 0 {
      guard clock.now < deadline else { return false }
      // The process is exiting and nothing else runs on this thread: a short nap between
      // looks is all the wait needs.
      usleep(2_000)
    }
    return true
  }
}
