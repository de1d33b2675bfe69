import LoopSynchronization
import TestSupport
import Testing

@testable import Loop

/// Chains of effects that answer once, each answer starting the next effect on the same task.
///
/// What a user could tell apart from a task per effect must not differ.
@Suite(.watchdog)
struct EffectChainTests {
  /// A counter whose feedback answers every count below `limit` with one more increment.
  private func counting(to limit: Int, probe: Probe<Lab, LabEvent>) -> Store<Lab, LabEvent> {
    probe.store(
      Lab(), labReducer,
      [
        .onChange(of: { $0.flag && $0.count < limit ? $0.count : nil }, name: "count") { _ in
          .increment
        }
      ])
  }

  @Test func everyEffectOfAChainCompletesAndNoneIsCancelled() async throws {
    let probe = Probe<Lab, LabEvent>()
    let store = counting(to: 500, probe: probe)
    store.send(.flag(true))

    // The last effect's end is recorded in the critical section that reduces its answer,
    // the one that makes the count 500, so every ending is in the probe by then. (Waiting
    // on the probe itself would re-read its growing list on every observation.)
    let done = try await Task { await store.first { $0.count == 500 } }.value(
      within: WaitBound.standard)
    #expect(done != nil)

    #expect(store.state.count == 500)
    #expect(probe.started.map(\.generation) == Array(0..<500))
    #expect(probe.ended.values.allSatisfy { $0 == .completed })
    // Each answer ended its effect before starting the next: nothing was superseded.
    #expect(probe.cancelled.isEmpty)
    #expect(probe.staleDrops.isEmpty)
  }

  @Test func aSuccessorOnTheSameTaskIsCancelledWhenItIsReplaced() async throws {
    // The first effect answers at once; its answer starts the second on the same task,
    // which waits until cancelled. Changing the query replaces it: it must see the
    // cancellation, end as cancelled, and the third effect must run.
    let probe = Probe<Lab, LabEvent>()
    let waiting = Latch()
    let store = probe.store(
      Lab(), labReducer,
      [
        .onChange(of: \.query, name: "load") { query in
          switch query {
          case "first": return .query("second")
          case "second":
            waiting.open()
            await waitForCancellation()
            return Task.isCancelled ? nil : .loaded("second, not cancelled")
          default: return .loaded(query)
          }
        }
      ])
    store.send(.query("first"))
    try await Task { await waiting.wait() }.value(within: WaitBound.standard)
    store.send(.query("third"))

    try await probe.waitForEndedEffects(3)

    let outcomes = probe.started.map { probe.ended[$0] }
    #expect(outcomes == [.completed, .cancelled, .completed])
    #expect(store.state.loaded == ["third"])
  }

  @Test func aStoreCancelledMidChainStopsTheChain() async throws {
    let probe = Probe<Lab, LabEvent>()
    let store = counting(to: 1_000_000, probe: probe)
    store.send(.flag(true))
    _ = try await Task { await store.first { $0.count >= 100 } }.value(
      within: WaitBound.standard)

    store.cancel()

    // Every effect started ends, and none starts after the cancel.
    let startedAtCancel = probe.started.count
    try await probe.waitForEndedEffects(startedAtCancel)
    #expect(probe.started.count == startedAtCancel)
    #expect(store.state.count < 1_000_000)
  }

  /// A chain of effects that never suspend gives its thread up once every 1,024 effects
  /// (docs/PERFORMANCE.md, "One round trip"), at the cost of one hop in 1,024: a chain of
  /// 1,000 effects costs none, its task runs once, from its first effect to its last.
  @Test func aChainOfFewerThan1024EffectsNeverGivesUpItsThread() {
    let executor = StepExecutor()
    let store = Store(
      initial: Lab(), reducer: labReducer,
      feedbacks: [
        .onChange(of: { $0.flag && $0.count < 1_000 ? $0.count : nil }, name: "count") { _ in
          .increment
        }
      ],
      instrumentation: StoreInstrumentation(observe: { _ in }, taskExecutor: executor))
    store.send(.flag(true))

    let runs = executor.runAll()

    #expect(store.state.count == 1_000)
    #expect(runs == 1)
  }
}

/// A task executor that runs the jobs enqueued on it only when told, one after the other on
/// the caller's thread: how many times a task was scheduled is how many jobs ran.
private final class StepExecutor: TaskExecutor, Sendable {
  private let jobs = Mutex<[UnownedJob]>([])

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    jobs.withLock { $0.append(job) }
  }

  /// Runs every job, those the jobs enqueue included; returns how many ran.
  func runAll() -> Int {
    var ran = 0
    while let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
      job.runSynchronously(on: asUnownedTaskExecutor())
      ran += 1
    }
    return ran
  }
}
