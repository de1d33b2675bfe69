import Loop
import LoopSynchronization
import TestSupport
import Testing

@testable import LoopTesting

/// `receive`'s default timeout: one second of a busy store without any change, counted by the
/// store's watchdog (here on a ``TestClock``, moved a tick at a time).
@Suite(.watchdog)
struct TestStoreReceiveTimeoutTests {
  /// What the effect sends.
  private enum Event: Equatable, Sendable {
    case tick(Int)
  }

  /// Whether the wait under test has ended.
  private final class Ended: Sendable {
    private let flag = Mutex(false)
    var value: Bool { flag.withLock { $0 } }
    func set() { flag.withLock { $0 = true } }
  }

  /// A store whose one effect awaits a stream that never yields: busy, and never changing;
  /// its watchdog counts on `watchdog`.
  private func busy(
    _ stream: AsyncStream<Event>, watchdog: TestClock, line: UInt = #line
  ) -> TestStore<Int, Event> {
    TestStore(
      initial: 0, reducer: Reducer<Int, Event> { state, _ in state += 1 },
      feedbacks: [.streaming(of: { _ in true }, name: "subscription") { _ in stream }],
      clock: nil, exhaustivity: .off,
      site: CallSite(fileID: #fileID, filePath: #filePath, line: line, column: 1),
      watchdogClock: WatchdogClock(watchdog))
  }

  /// Moves `watchdog` on a tick (50 ms) each time the watchdog sleeps, until `ended`.
  private func tick(_ watchdog: TestClock, until ended: Ended) async {
    while !ended.value {
      if watchdog.activeSleeperCount == 1 {
        await watchdog.advance(by: .milliseconds(50))
      } else {
        await Task.yield()
      }
    }
  }

  @Test func receivingAnEventFailsAfterOneSecondWithoutAnyChangeByDefault() async {
    let watchdog = TestClock()
    let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
    let store = busy(stream, watchdog: watchdog)
    let ended = Ended()
    await withKnownIssue {
      async let received: Void = {
        await store.receive(.tick(1))
        ended.set()
      }()
      await tick(watchdog, until: ended)
      await received
    } matching: { issue in
      message(of: issue).contains(
        "none came, and the store went 1.0 seconds without any change while still busy")
    }
    continuation.finish()
  }

  @Test func receivingAnEventOfACaseFailsAfterOneSecondWithoutAnyChangeByDefault() async {
    let watchdog = TestClock()
    let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
    let store = busy(stream, watchdog: watchdog)
    let ended = Ended()
    await withKnownIssue {
      async let received: Void = {
        await store.receive(Event.tick)
        ended.set()
      }()
      await tick(watchdog, until: ended)
      await received
    } matching: { issue in
      message(of: issue).contains(
        "none came, and the store went 1.0 seconds without any change while still busy")
    }
    continuation.finish()
  }
}
