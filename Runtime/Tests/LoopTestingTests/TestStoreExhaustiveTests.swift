import Loop
import LoopTesting
import TestSupport
import Testing

/// The exhaustive mode on the sample search: every change declared, every event claimed.
@Suite(.watchdog)
struct TestStoreExhaustiveTests {
  @Test func aSearchIsDescribedCompletelyWhenEveryStepIsAsserted() async throws {
    let harness = SampleHarness()
    let store = harness.store(.on)

    await store.send(.typed("swift")) {
      $0.query = "swift"
      $0.pending = "swift"
    }
    await store.advance(by: .milliseconds(300))
    await store.receive(.debounced("swift")) {
      $0.pending = nil
      $0.request = "swift"
    }
    harness.work.succeed(0, with: ["Swift"])
    await store.receive(.loaded("swift", ["Swift"])) {
      $0.request = nil
      $0.results = ["Swift"]
    }
    await store.finish()

    #expect(harness.calls.calls.map(\.feedback) == ["search"])
  }

  @Test func receiveMatchesByCaseWhenThePayloadIsNotSpelledOut() async throws {
    let harness = SampleHarness()
    let store = harness.store(.on)

    await store.send(.typed("swift")) {
      $0.query = "swift"
      $0.pending = "swift"
    }
    await store.advance(by: .milliseconds(300))
    await store.receive(SampleSearch.Event.debounced) {
      $0.pending = nil
      $0.request = "swift"
    }
    harness.work.succeed(0, with: [])
    await store.receive(SampleSearch.Event.loaded) { $0.request = nil }
    await store.finish()
  }

  @Test func receiveByCaseTellsApartTwoCasesWithTheSamePayload() async throws {
    let harness = SampleHarness()
    let store = harness.store(.on)
    await store.send(.typed("swift")) {
      $0.query = "swift"
      $0.pending = "swift"
    }
    await store.advance(by: .milliseconds(300))

    // .typed and .debounced both carry a String: the effect sent .debounced.
    await withKnownIssue {
      await store.receive(SampleSearch.Event.typed)
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("an event of the case made from a String")
        && text.contains(".debounced(\"swift\")")
    }
    // The mismatched receive claimed .debounced; the next event is the search's answer.
    harness.work.succeed(0, with: [])
    await store.receive(SampleSearch.Event.loaded) { $0.request = nil }
    await store.finish()
  }

  @Test func anEventThatChangesNothingNeedsNoClosure() async throws {
    let harness = SampleHarness()
    let store = harness.store(.on)

    store.send(.loaded("nobody asked", ["x"]))  // ignored by the reducer: no change
    await store.finish()

    #expect(store.state == SampleSearch.State())
  }

  @Test func theNonExhaustiveModeChecksOnlyWhatTheClosureSets() async throws {
    let harness = SampleHarness()
    let store = harness.store(.off)

    await store.send(.typed("swift")) { $0.query = "swift" }  // pending is not mentioned
    await store.advance(by: .milliseconds(300))
    harness.work.succeed(0, with: ["Swift"])
    await store.receive(.loaded("swift", ["Swift"])) { $0.results = ["Swift"] }  // skips .debounced
  }
}
