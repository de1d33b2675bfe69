import Loop
import LoopContracts
import LoopRecording
import LoopTesting
import Testing

/// A total the user adds to, and a watch that polls once and adds what it found.
private struct Watcher: Machine {
  struct State: Hashable, Sendable, Codable {
    var total = 0
    var watching = false
  }

  enum Event: Hashable, Sendable, Codable {
    case add(Int)
    case watch
    case found(Int)
  }

  enum Call: Hashable, Sendable, Codable {
    case poll(outcome: CallOutcome<Int, RecordedError>)
  }

  let poll: @Sendable () async throws -> Int

  static let reducer = Reducer<State, Event> { state, event in
    switch event {
    case .add(let amount), .found(let amount): state.total += amount
    case .watch: state.watching = true
    }
  }

  var feedbacks: [Feedback<State, Event>] {
    [.whenBecomesTrue(\.watching, name: "watch") { [poll] in .found(try await poll()) }]
  }
}

private enum WatcherPhase: CaseIterable, Sendable { case idle, watching }
private enum WatcherKind: String, CaseIterable, Sendable { case add, watch, found }

private let watcherContract = Contract<Watcher, WatcherPhase, WatcherKind>(
  name: "watcher", initialStates: [Watcher.State()],
  phase: { $0.watching ? .watching : .idle },
  table: [
    Move(.idle, on: .add, to: .idle), Move(.idle, on: .watch, to: .watching),
    Move(.watching, on: .add, to: .watching), Move(.watching, on: .found, to: .watching),
    Move(.watching, on: .watch, to: .watching),
  ],
  invariants: [Invariant("the total stays below 10") { $0.total < 10 }],
  alphabet: { _ in [.add(4), .watch] }, makeMachine: { Watcher(poll: { 1 }) })

private let watcherReplay = RecordingReplay<Watcher, Watcher.Call>(app: "watcher") { tape, _, _ in
  Watcher(poll: {
    try await tape.answer("poll()") { call -> CallOutcome<Int, RecordedError>? in
      guard case .poll(let outcome) = call else { return nil }
      return outcome
    }
  })
}

/// A user step of the watcher at `milliseconds`, making `total` (and watching, if it is).
private func userStep(
  _ event: Watcher.Event, at milliseconds: Double, total: Int, watching: Bool = false
) -> RecordedStep<Watcher.State, Watcher.Event> {
  RecordedStep(
    event: event, origin: .user, atMilliseconds: milliseconds,
    state: Watcher.State(total: total, watching: watching))
}

private let watch = RecordedOrigin.feedback(name: "watch", generation: 0)

extension RecordingReplayTests {
  @Test func aMinimizedRecordingStartsAtTheLatestUserEventWhoseStretchStillFails() async throws {
    // Three adds of 4: the third breaks "the total stays below 10", from the 8 the second made.
    let recording = Recording<Watcher.State, Watcher.Event, Watcher.Call>(
      app: "watcher", initialState: Watcher.State(),
      steps: [
        userStep(.add(4), at: 0, total: 4), userStep(.add(4), at: 1, total: 8),
        userStep(.add(4), at: 2, total: 12),
      ])

    let (minimized, report) = try #require(
      await watcherReplay.minimize(recording, from: "long.json", against: watcherContract))

    #expect(minimized.initialState == Watcher.State(total: 8))
    #expect(minimized.steps.map(\.event) == [.add(4)])
    #expect(minimized.steps.map(\.atMilliseconds) == [1])
    #expect(report.failure?.step == 1)
    #expect(report.failure?.check == .invariant)
  }

  @Test func aMinimizedRecordingKeepsTheEffectRunningAtItsStartAsStillRunning() async throws {
    // A watch polls from 0 to 5 ms; meanwhile three adds, the third at 3 ms breaking the
    // invariant; then the poll's answer.
    let recording = Recording<Watcher.State, Watcher.Event, Watcher.Call>(
      app: "watcher", initialState: Watcher.State(),
      steps: [
        userStep(.watch, at: 0, total: 0, watching: true),
        userStep(.add(4), at: 1, total: 4, watching: true),
        userStep(.add(4), at: 2, total: 8, watching: true),
        userStep(.add(4), at: 3, total: 12, watching: true),
        RecordedStep(
          event: .found(1), origin: watch, atMilliseconds: 5,
          state: Watcher.State(total: 13, watching: true)),
      ],
      calls: [
        RecordedCall(
          call: .poll(outcome: .returned(1)), by: watch, startedAtMilliseconds: 0,
          endedAtMilliseconds: 5)
      ],
      effects: [
        RecordedEffect(
          origin: watch, startedAtMilliseconds: 0, endedAtMilliseconds: 5, outcome: .completed)
      ])

    let (minimized, report) = try #require(
      await watcherReplay.minimize(recording, from: "long.json", against: watcherContract))

    // The stretch is the last add, from 2 ms: the watch had started before it and was still
    // polling when it ended, so it is carried in, started at the stretch's start, not ended.
    #expect(minimized.steps.map(\.event) == [.add(4)])
    #expect(report.failure?.step == 1)
    #expect(
      minimized.effects == [
        RecordedEffect(
          origin: watch, startedAtMilliseconds: 0, endedAtMilliseconds: nil, outcome: nil)
      ])
    #expect(minimized.calls.map(\.startedAtMilliseconds) == [0])
    #expect(minimized.calls.map(\.endedAtMilliseconds) == [3])
  }

  @Test func aMinimizedRecordingKeepsTheEffectsStartedInItsStretch() async throws {
    // Two adds make 8; a watch at 2 ms starts a poll that answers at 5 ms; an add at 3 ms
    // breaks the invariant. The stretch is that add, from 2 ms: the poll starts in it.
    let recording = Recording<Watcher.State, Watcher.Event, Watcher.Call>(
      app: "watcher", initialState: Watcher.State(),
      steps: [
        userStep(.add(4), at: 0, total: 4), userStep(.add(4), at: 1, total: 8),
        userStep(.watch, at: 2, total: 8, watching: true),
        userStep(.add(4), at: 3, total: 12, watching: true),
        RecordedStep(
          event: .found(1), origin: watch, atMilliseconds: 5,
          state: Watcher.State(total: 13, watching: true)),
      ],
      calls: [
        RecordedCall(
          call: .poll(outcome: .returned(1)), by: watch, startedAtMilliseconds: 2,
          endedAtMilliseconds: 5)
      ],
      effects: [
        RecordedEffect(
          origin: watch, startedAtMilliseconds: 2, endedAtMilliseconds: 5, outcome: .completed)
      ])

    let (minimized, report) = try #require(
      await watcherReplay.minimize(recording, from: "long.json", against: watcherContract))

    #expect(minimized.steps.map(\.event) == [.add(4)])
    #expect(report.failure?.step == 1)
    #expect(
      minimized.effects == [
        RecordedEffect(
          origin: watch, startedAtMilliseconds: 0, endedAtMilliseconds: nil, outcome: nil)
      ])
  }
}
