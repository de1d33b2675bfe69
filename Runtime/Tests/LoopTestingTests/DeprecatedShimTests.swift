import Loop
import LoopTesting
import TestSupport
import Testing

/// Code written against the last minor version's names still compiles and does what it did:
/// the deprecated shims forward to the new API.
@Suite(.watchdog)
struct DeprecatedShimTests {
  @Test func oneArgumentOnErrorStillMapsAnEffectsError() async {
    let store = Store(
      initial: [], reducer: Reducer { log, event in log.append(event) },
      feedbacks: Self.oldCode.feedbacks())
    store.send("go")
    let log = await store.first { Set($0).isSuperset(of: ["changed", "set", "array", "event"]) }
    #expect(log.map(Set.init) == ["go", "changed", "set", "array", "event"])
    #expect(log?.count == 5)
    store.cancel()
  }

  @Test func waitUntilIsWaitForCurrentState() async {
    let clock = TestClock()
    let store = TestStore(
      initial: 0, reducer: Reducer<Int, Int> { count, step in count += step }, feedbacks: [],
      clock: clock, exhaustivity: .off)
    store.send(2)
    await Self.oldCode.wait(for: 2, in: store)
    #expect(store.state == 2)
  }

  /// The old calls, reached through a protocol so that only `OldCode`'s deprecated methods
  /// name the deprecated API (and the build stays free of warnings).
  private static let oldCode: any OldAPI = OldCode()
}

/// What a consumer of the last minor version wrote.
private protocol OldAPI: Sendable {
  func feedbacks() -> [Feedback<[String], String>]
  func wait(for count: Int, in store: TestStore<Int, Int>) async
}

private struct OldCode: OldAPI {
  struct Failure: Error {}

  @available(*, deprecated, message: "calls the deprecated shims on purpose")
  func feedbacks() -> [Feedback<[String], String>] {
    let failing: @Sendable (Int) async throws -> String? = { _ in throw Failure() }
    return [
      .onChange(
        of: { _ in 1 }, name: "change", effect: failing,
        onError: { _ in "changed" }),
      .forEach(
        keys: { _ in Set([2]) }, name: "set", effect: failing,
        onError: { _ in "set" }),
      .forEach(
        keys: { _ in [3] }, name: "array", effect: failing,
        onError: { _ in "array" }),
      .onEvent(
        matching: { $0 == "go" ? 4 : nil }, name: "event", effect: failing,
        onError: { _ in "event" }),
    ]
  }

  @available(*, deprecated, message: "calls the deprecated shims on purpose")
  func wait(for count: Int, in store: TestStore<Int, Int>) async {
    await store.waitUntil { $0 == count }
  }
}
