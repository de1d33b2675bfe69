import Loop
import LoopTesting
import TestSupport
import Testing

/// `TestStore(..., failsOnRaces: true)`: a send made while an effect runs on its own, whose
/// next event comes after the send, fails the test at the send.
@Suite(.watchdog)
struct TestStoreRaceTests {
  /// A pager: `next` asks for one more page, and the load answers with it.
  struct Pager: Machine {
    struct State: Equatable, Sendable {
      var requested = 0
      var loaded = 0
    }
    enum Event: Equatable, Sendable {
      case next
      case loaded(Int)
    }

    let load: @Sendable (Int) async -> Int

    static let reducer = Reducer<State, Event> { state, event in
      switch event {
      case .next: state.requested += 1
      case .loaded(let page): state.loaded = max(state.loaded, page)
      }
    }

    var feedbacks: [Feedback<State, Event>] {
      [
        .onChange(
          of: { $0.requested > $0.loaded ? $0.loaded + 1 : nil }, name: "load",
          effect: { [load] page in .loaded(await load(page)) })
      ]
    }
  }

  /// A load that waits on a stream no test instrument knows, so it runs on its own.
  private static func pager() -> (Pager, AsyncStream<Void>.Continuation) {
    let (opened, open) = AsyncStream<Void>.makeStream()
    let pager = Pager { page in
      for await _ in opened { break }
      return page
    }
    return (pager, open)
  }

  @Test func aSendThatRacesAnEffectFailsAtTheSendWhenTheTestFinishes() async {
    let (pager, open) = Self.pager()
    let store = TestStore(
      initial: Pager.State(), machine: pager, exhaustivity: .off, failsOnRaces: true)
    store.send(.next)
    store.send(.next)  // the load of page 1 is running on its own: this send races it
    open.yield()
    open.yield()  // and page 2's
    await store.wait { $0.loaded == 2 }
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      let text = message(of: issue)
      return text.hasPrefix("send(.next) at LoopTestingTests/TestStoreRaceTests.swift:")
        && text.contains(
          "raced an effect, so the states the store passed through depend on timing.")
        && text.contains("Happened: the effect of feedback `load` (generation 0)")
        && text.contains("its next event, .loaded(1), came after the send")
        && text.contains("Fix: before the send, `await store.settle()`")
        && issue.sourceLocation?.fileName == "TestStoreRaceTests.swift"
    }
  }

  @Test func theSameTestPassesWithoutTheOption() async {
    let (pager, open) = Self.pager()
    let store = TestStore(initial: Pager.State(), machine: pager, exhaustivity: .off)
    store.send(.next)
    store.send(.next)
    open.yield()
    open.yield()  // and page 2's
    await store.wait { $0.loaded == 2 }
    await store.finish()
  }

  @Test func aSendAfterTheEffectWaitsOnAnInstrumentIsNoRace() async {
    let work = ControlledWork<Int>()
    let store = TestStore(
      initial: Pager.State(), machine: Pager { _ in (try? await work.makeWork()) ?? 0 },
      exhaustivity: .off, failsOnRaces: true)
    store.send(.next)
    await store.settle()  // the load now waits on ControlledWork
    store.send(.next)
    work.succeed(0, with: 1)
    await store.wait { $0.loaded == 1 }
    await store.finish()
  }
}
