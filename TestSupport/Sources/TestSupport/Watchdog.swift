import Foundation
import Testing

/// A trait that fails a test, instead of letting it hang the run, when the test has not
/// finished within a bound.
///
/// Swift Testing's `.timeLimit` counts in whole minutes, so one broken runtime stalls the
/// whole `swift test` run behind it. The watchdog records an issue naming the test once the
/// bound has passed (counted as ``GuardTimer`` counts it) and cancels the test, which ends
/// every wait that honours cancellation. Waits in the tests have their own, shorter bounds
/// (``AwaitableList/wait(_:within:fileID:line:until:)``, ``bounded(_:within:fileID:line:_:)``,
/// `Task.value(within:)`): they fail first and say what they waited for.
///
/// A test still running ``WaitBound/afterCancel`` after it was cancelled is blocked on a wait
/// that ignores cancellation, which nothing in the process can end: the watchdog then prints
/// the test's name on standard error and ends the process with status 1, so the run stops
/// with a reason instead of hanging. Every result reported before that stands. A deadlock
/// that blocks every thread of the cooperative pool stops every task, the watchdog's too; a
/// ``DeadlockGuard`` on a thread of its own then ends the run the same way, naming the test.
///
/// ```swift
/// @Suite(.watchdog) struct StoreTests { ... }
/// ```
public struct Watchdog: TestTrait, SuiteTrait, TestScoping {
  /// How long each test case may run.
  public let bound: Duration

  /// Creates a watchdog; `.watchdog` or `.watchdog(_:)` in a trait list say it shorter.
  ///
  /// - Parameter bound: How long each test case may run.
  public init(bound: Duration) {
    self.bound = bound
  }

  /// Applies to every test in a suite that has it.
  public var isRecursive: Bool { true }

  /// Only test cases get a scope; a suite's own scope needs no watchdog.
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Watchdog? {
    testCase == nil ? nil : self
  }

  /// Runs the test case, and fails it once the bound has passed.
  public func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    let place = "\(test.sourceLocation.fileName):\(test.sourceLocation.line)"
    var lastResort: GuardTimer?
    defer { lastResort?.cancel() }
    // When every thread of the cooperative pool is blocked, neither the bound's timer nor
    // the last resort (both tasks) can run; the deadlock guard's thread still does.
    let scope = DeadlockGuard.shared.enter(
      "\(test.name) (\(place))", bound: bound + WaitBound.afterCancel * 2)
    defer { DeadlockGuard.shared.leave(scope) }
    try await run(function) { [bound] in
      let timedOut = WaitTimedOut(what: "\(test.name) to finish", bound: bound, location: place)
      Issue.record(Comment(rawValue: timedOut.description), sourceLocation: test.sourceLocation)
      lastResort = GuardTimer(bound: WaitBound.afterCancel) {
        let message =
          "watchdog: \(test.name) (\(place)) is still blocked \(WaitBound.afterCancel) after it"
          + " was cancelled at its bound of \(bound): it waits on something that ignores"
          + " cancellation and that nothing will end. Stopping the run; results above stand.\n"
        FileHandle.standardError.write(Data(message.utf8))
        exit(1)
      }
    }
  }

  /// Runs `function` as a child task; when the bound passes first, calls `timedOut` and
  /// returns, which cancels the child and waits for it.
  private func run(
    _ function: @Sendable () async throws -> Void,
    timedOut: () -> Void
  ) async throws {
    let outcome = Once<Void>()
    async let child: Void = resolving(outcome, with: function)
    do {
      try await withCheckedThrowingContinuation { continuation in
        let timer = GuardTimer(bound: bound) {
          outcome.resolve(.failure(BoundPassed()))
        }
        outcome.start(continuation, onResolve: { timer.cancel() })
      }
    } catch is BoundPassed {
      timedOut()
      return
    } catch {
      // The test threw: rethrown below, where the child's error comes out.
    }
    try await child
  }
}

/// The watchdog's own bound passed (a `WaitTimedOut` the test throws is the test's failure).
private struct BoundPassed: Error {}

/// Runs `function`, then resolves `outcome`, so a waiter learns that it has ended.
private func resolving(
  _ outcome: Once<Void>, with function: @Sendable () async throws -> Void
) async throws {
  do {
    try await function()
    outcome.resolve(.success(()))
  } catch {
    outcome.resolve(.failure(error))
    throw error
  }
}

extension Trait where Self == Watchdog {
  /// Fails a test that has not finished within ``WaitBound/wholeTest``, instead of hanging.
  public static var watchdog: Watchdog { Watchdog(bound: WaitBound.wholeTest) }

  /// Fails a test that has not finished within `bound`, instead of hanging.
  ///
  /// - Parameter bound: How long each test case may run.
  /// - Returns: The trait.
  public static func watchdog(_ bound: Duration) -> Watchdog { Watchdog(bound: bound) }
}
