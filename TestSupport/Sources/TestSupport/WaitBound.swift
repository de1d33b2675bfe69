import LoopSynchronization

/// How long a test waits on the code under test before it fails instead of hanging.
///
/// A healthy wait in this suite ends in milliseconds; a wait that reaches its bound is waiting
/// for something the code under test will never do. The bound counts only the time the wait's
/// guard was able to run (see ``GuardTimer``), so a machine whose cores are all busy with
/// other tests stretches it instead of failing a healthy test.
public enum WaitBound {
  /// How many times longer every bound is in this build: 10 under ThreadSanitizer (`make
  /// tsan`), whose instrumentation makes the code under test run several times slower, else 1.
  #if LOOP_THREAD_SANITIZER
    /// Ten: this is a ThreadSanitizer build.
    public static let scale = 10
  #else
    /// One: this is not a ThreadSanitizer build.
    public static let scale = 1
  #endif
  /// The bound of every wait helper unless the test gives its own: 2 s (times ``scale``).
  public static let standard: Duration = .seconds(2) * scale
  /// The bound of the ``Watchdog`` trait, for a whole test: 5 s (times ``scale``).
  public static let wholeTest: Duration = .seconds(5) * scale
  /// The ``Watchdog`` bound of a test that repeats a race hundreds of times: 120 s.
  ///
  /// Times ``scale``. Such a test moves one task hand-off at a time, each queued behind the
  /// other tests' work, so in the full suite it runs about as long as the whole run: 31-33 s
  /// here, 60-67 s under `make flake-check`, which a bound of 30 s failed once in 15 runs.
  public static let repeatedRaces: Duration = .seconds(120) * scale
  /// How long the ``Watchdog`` lets a test it cancelled take to end before it stops the
  /// run: 2 s (times ``scale``).
  public static let afterCancel: Duration = .seconds(2) * scale
  /// How long Swift's cooperative pool may run no task at all, with a test past its bound,
  /// before the ``Watchdog`` calls it a deadlock and stops the run: 30 s (times ``scale``).
  public static let poolSilence: Duration = .seconds(30) * scale
}

/// A wait that reached its bound: what was awaited, where, and what had happened meanwhile.
public struct WaitTimedOut: Error, CustomStringConvertible, Sendable {
  /// What the test waited for, in words.
  public let what: String
  /// The bound that passed.
  public let bound: Duration
  /// Where the wait is, as `File.swift:12`.
  public let location: String
  /// What had been recorded when the bound passed, if the helper knows.
  public let detail: String?

  /// Creates the failure.
  ///
  /// - Parameters:
  ///   - what: What the test waited for.
  ///   - bound: The bound that passed.
  ///   - location: Where the wait is.
  ///   - detail: What had been recorded meanwhile.
  public init(what: String, bound: Duration, location: String, detail: String? = nil) {
    self.what = what
    self.bound = bound
    self.location = location
    self.detail = detail
  }

  /// The failure as the test report shows it, in the project's three parts.
  public var description: String {
    var lines = [
      "Expected: \(what), within \(bound) (\(location)).",
      "Happened: it had not happened when the bound passed.",
    ]
    if let detail { lines.append("Recorded so far: \(detail)") }
    lines.append(
      "Fix: the code under test never did it (it is broken), or the test waits for the wrong"
        + " thing; the lines above say what did happen.")
    return lines.joined(separator: "\n")
  }
}

/// Runs `operation` and returns its value, or throws ``WaitTimedOut`` once `bound` has passed.
///
/// On the bound the operation's task is cancelled, so a wait that honours cancellation (a
/// `TestClock`'s sleeper count, an `AsyncStream`) ends too; one that ignores it is left
/// behind, and the test goes on and fails instead of hanging.
///
/// ```swift
/// try await bounded("one sleeper on the clock") { try await clock.waitForSleepers(count: 1) }
/// ```
///
/// - Parameters:
///   - what: What the operation waits for, as the failure names it.
///   - bound: How long to wait; ``WaitBound/standard`` unless given.
///   - fileID: Where the wait is (a default; do not pass it).
///   - line: Where the wait is (a default; do not pass it).
///   - operation: The wait.
/// - Returns: What `operation` returned.
/// - Throws: What `operation` threw, or ``WaitTimedOut``.
public func bounded<T: Sendable>(
  _ what: String,
  within bound: Duration = WaitBound.standard,
  fileID: String = #fileID,
  line: Int = #line,
  _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
  let failure = WaitTimedOut(what: what, bound: bound, location: location(fileID, line))
  return try await race(operation, bound: bound) { failure }
}

extension Task where Success: Sendable {
  /// The task's value, or ``WaitTimedOut`` once `bound` has passed without it.
  ///
  /// On the bound the task is cancelled.
  ///
  /// - Parameters:
  ///   - bound: How long to wait; ``WaitBound/standard`` unless given.
  ///   - fileID: Where the wait is (a default; do not pass it).
  ///   - line: Where the wait is (a default; do not pass it).
  /// - Returns: The task's value.
  /// - Throws: What the task threw, or ``WaitTimedOut``.
  public func value(
    within bound: Duration = WaitBound.standard, fileID: String = #fileID, line: Int = #line
  ) async throws -> Success {
    let failure = WaitTimedOut(
      what: "the task to finish", bound: bound, location: location(fileID, line))
    return try await race(
      { try await self.value }, bound: bound, onCancel: { self.cancel() },
      timedOut: { failure })
  }

  /// The task's result, or ``WaitTimedOut`` once `bound` has passed without it.
  ///
  /// On the bound the task is cancelled.
  ///
  /// - Parameters:
  ///   - bound: How long to wait; ``WaitBound/standard`` unless given.
  ///   - fileID: Where the wait is (a default; do not pass it).
  ///   - line: Where the wait is (a default; do not pass it).
  /// - Returns: The task's result, success or failure.
  /// - Throws: ``WaitTimedOut``.
  public func result(
    within bound: Duration = WaitBound.standard, fileID: String = #fileID, line: Int = #line
  ) async throws -> Result<Success, Failure> {
    let failure = WaitTimedOut(
      what: "the task to finish", bound: bound, location: location(fileID, line))
    return try await race(
      { await self.result }, bound: bound, onCancel: { self.cancel() }, timedOut: { failure })
  }
}

/// `File.swift:12` from a file ID and a line.
func location(_ fileID: String, _ line: Int) -> String {
  "\(fileID.split(separator: "/").last.map(String.init) ?? fileID):\(line)"
}

/// Runs `operation` in a task of its own and returns whichever comes first.
///
/// Either its result, or the failure `timedOut` makes once `bound` has passed (then the
/// operation is cancelled). Cancelling the caller cancels the operation too.
func race<T: Sendable>(
  _ operation: @escaping @Sendable () async throws -> T,
  bound: Duration,
  onCancel: @escaping @Sendable () -> Void = {},
  timedOut: @escaping @Sendable () -> any Error
) async throws -> T {
  let outcome = Once<T>()
  let work = Task {
    do {
      outcome.resolve(.success(try await operation()))
    } catch {
      outcome.resolve(.failure(error))
    }
  }
  let timer = GuardTimer(bound: bound) {
    if outcome.resolve(.failure(timedOut())) {
      work.cancel()
      onCancel()
    }
  }
  return try await withTaskCancellationHandler {
    try await withCheckedThrowingContinuation { continuation in
      outcome.start(continuation, onResolve: { timer.cancel() })
    }
  } onCancel: {
    work.cancel()
    onCancel()
  }
}

/// A continuation resumed exactly once, by whichever of the work and the guard comes first.
final class Once<T: Sendable>: Sendable {
  private struct Parts {
    var continuation: CheckedContinuation<T, any Error>?
    var early: Result<T, any Error>?
    var onResolve: (@Sendable () -> Void)?
    var isResolved = false
  }

  private let parts = Mutex(Parts())

  /// Hands over the continuation; resumes it at once if the outcome came first.
  func start(
    _ continuation: CheckedContinuation<T, any Error>, onResolve: @escaping @Sendable () -> Void
  ) {
    let early = parts.withLock { parts -> Result<T, any Error>? in
      if let early = parts.early { return early }
      parts.continuation = continuation
      parts.onResolve = onResolve
      return nil
    }
    if let early {
      onResolve()
      continuation.resume(with: early)
    }
  }

  /// Resolves with `result` unless already resolved.
  ///
  /// - Returns: Whether this call resolved it.
  @discardableResult
  func resolve(_ result: Result<T, any Error>) -> Bool {
    let resumed = parts.withLock {
      parts -> (CheckedContinuation<T, any Error>?, (@Sendable () -> Void)?)? in
      guard !parts.isResolved else { return nil }
      parts.isResolved = true
      guard let continuation = parts.continuation else {
        parts.early = result
        return (nil, nil)
      }
      parts.continuation = nil
      defer { parts.onResolve = nil }
      return (continuation, parts.onResolve)
    }
    guard let resumed else { return false }
    resumed.1?()
    resumed.0?.resume(with: result)
    return true
  }
}
