import Loop
import LoopContracts
import LoopRecording
import LoopSynchronization
import LoopTesting
import Testing

/// Two effects started by one event: `fast` answers at once, `slow` after a call.
///
/// What the reducer does with their answers commutes (counts); ``OrderedRacers`` adds what
/// does not (the order).
private struct Racers: Machine {
  struct State: Hashable, Sendable, Codable {
    var started = false
    var arrivals: [String: Int] = [:]
    var order: [String] = []
  }

  enum Event: Hashable, Sendable, Codable {
    case go
    case arrived(String)
  }

  enum Call: Hashable, Sendable, Codable {
    case slow(outcome: CallOutcome<Int, RecordedError>)
  }

  let slow: @Sendable () async throws -> Int

  static let reducer = Reducer<State, Event> { state, event in
    switch event {
    case .go: state.started = true
    case .arrived(let name): state.arrivals[name, default: 0] += 1
    }
  }

  var feedbacks: [Feedback<State, Event>] {
    [
      .whenBecomesTrue(\.started, name: "fast") { .arrived("fast") },
      .whenBecomesTrue(\.started, name: "slow") { [slow] in
        _ = try await slow()
        return .arrived("slow")
      },
    ]
  }
}

/// The same racers, whose reducer also keeps the order of arrivals.
private struct OrderedRacers: Machine {
  typealias State = Racers.State
  typealias Event = Racers.Event
  let racers: Racers

  static let reducer = Reducer<State, Event> { state, event in
    Racers.reducer(&state, event)
    if case .arrived(let name) = event { state.order.append(name) }
  }

  var feedbacks: [Feedback<State, Event>] { racers.feedbacks }
}

private enum Phase: CaseIterable, Sendable { case waiting, running }
private enum Kind: String, CaseIterable, Sendable { case go, arrived }

private func contract<M: Machine>(_ make: @escaping @Sendable () -> M) -> Contract<M, Phase, Kind>
where M.State == Racers.State, M.Event == Racers.Event {
  Contract(
    name: "racers", initialStates: [Racers.State()],
    phase: { $0.started ? .running : .waiting },
    table: [
      Move(.waiting, on: .go, to: .running), Move(.running, on: .arrived, to: .running),
      Move(.running, on: .go, to: .running),
    ],
    alphabet: { _ in [.go] }, makeMachine: make)
}

private func answering(_ tape: CallTape<Racers.Call>) -> @Sendable () async throws -> Int {
  {
    try await tape.answer("slow()") { call -> CallOutcome<Int, RecordedError>? in
      guard case .slow(let outcome) = call else { return nil }
      return outcome
    }
  }
}

/// A recording in which `slow` won the race: its call ended at 0.5 ms, before `fast` answered
/// (a race the replay, where `fast` answers at once, runs the other way).
private func slowFirst(order: Bool) -> Recording<Racers.State, Racers.Event, Racers.Call> {
  var state = Racers.State(started: true)
  var steps = [
    RecordedStep<Racers.State, Racers.Event>(
      event: .go, origin: .user, atMilliseconds: 0, state: state)
  ]
  for (name, at) in [("slow", 1.0), ("fast", 2.0)] {
    state.arrivals[name, default: 0] += 1
    if order { state.order.append(name) }
    steps.append(
      RecordedStep(
        event: .arrived(name), origin: .feedback(name: name, generation: 0), atMilliseconds: at,
        state: state))
  }
  return Recording(
    app: "racers", initialState: Racers.State(), steps: steps,
    calls: [
      RecordedCall(
        call: .slow(outcome: .returned(1)), by: .feedback(name: "slow", generation: 0),
        startedAtMilliseconds: 0, endedAtMilliseconds: 0.5)
    ],
    effects: [
      RecordedEffect(
        origin: .feedback(name: "fast", generation: 0), startedAtMilliseconds: 0,
        endedAtMilliseconds: 2, outcome: .completed),
      RecordedEffect(
        origin: .feedback(name: "slow", generation: 0), startedAtMilliseconds: 0,
        endedAtMilliseconds: 1, outcome: .completed),
    ])
}

/// ``slowFirst(order:)`` cut where the recording ended before `slow` sent anything: `go` and
/// `fast` are the steps, and `slow` ended at 3 ms with `outcome`; its call stays recorded.
private func endedBeforeSlowSent(
  _ outcome: RecordedEffect.Outcome
) -> Recording<Racers.State, Racers.Event, Racers.Call> {
  var recording = slowFirst(order: false)
  recording.steps = [recording.steps[0], recording.steps[2]]
  recording.steps[1].state.arrivals = ["fast": 1]
  recording.effects[1] = RecordedEffect(
    origin: .feedback(name: "slow", generation: 0), startedAtMilliseconds: 0,
    endedAtMilliseconds: 3, outcome: outcome)
  return recording
}

struct RecordingReplayTests {
  private static let replay = RecordingReplay<Racers, Racers.Call>(app: "racers") { tape, _, _ in
    Racers(slow: answering(tape))
  }
  private static let orderedReplay = RecordingReplay<OrderedRacers, Racers.Call>(app: "racers") {
    tape, _, _ in OrderedRacers(racers: Racers(slow: answering(tape)))
  }

  /// Replays `recording` as recorded, then with its `slow` effect (`effects[1]`) completed
  /// instead of cancelled at the recording's end.
  private static func replayedAsRecordedAndCompleted(
    _ recording: Recording<Racers.State, Racers.Event, Racers.Call>
  ) async -> (recorded: ReplayReport, completed: ReplayReport) {
    var completed = recording
    completed.effects[1].outcome = .completed
    return (
      await replay.replay(
        recording, from: "recorded.json", against: contract { Racers(slow: { 1 }) }),
      await replay.replay(
        completed, from: "completed.json", against: contract { Racers(slow: { 1 }) })
    )
  }

  @Test func effectsThatRacedTheOtherWayPassWhenTheirEventsCommute() async {
    let report = await Self.replay.replay(
      slowFirst(order: false), from: "racers.json",
      against: contract { Racers(slow: { 1 }) })
    #expect(report.passed, "\(report.failure?.message ?? "")")
  }

  @Test func effectsThatRacedTheOtherWayFailWithTheDiffWhenTheOrderShows() async throws {
    let report = await Self.orderedReplay.replay(
      slowFirst(order: true), from: "racers.json",
      against: contract { OrderedRacers(racers: Racers(slow: { 1 })) })
    let failure = try #require(report.failure)
    // Compared where both have reduced the same events: after step 3, the order differs.
    #expect(failure.step == 3)
    #expect(failure.message.contains("order[0]\n  - expected: \"slow\"\n  + actual:   \"fast\""))
  }

  @Test func anEffectTheRecordingsEndCancelledBeforeItsCallWaitsInTheReplay() async {
    // Recorded: `go`, then the recording ended with `slow` cancelled before it called.
    var recording = endedBeforeSlowSent(.cancelled)
    recording.calls = []
    let (passing, failing) = await Self.replayedAsRecordedAndCompleted(recording)
    #expect(passing.passed, "\(passing.failure?.message ?? "")")

    // Had it completed in the recording without calling, the replay's call is one too many.
    #expect(failing.failure?.check == .calls)
    #expect(failing.failure?.message.contains("the replay called slow()") == true)
  }

  @Test func anEffectWhoseAnswerTheRecordingsEndLeftUnsentWaitsInTheReplay() async {
    // Recorded: `go` and `fast`; `slow`'s call returned at 0.5 ms, but the recording ended, with
    // `slow` cancelled, before its task sent the answer (a loaded machine).
    let (passing, failing) = await Self.replayedAsRecordedAndCompleted(
      endedBeforeSlowSent(.cancelled))
    #expect(passing.passed, "\(passing.failure?.message ?? "")")

    // Had it completed in the recording without sending, the replay's answer is a step too many.
    #expect(failing.failure?.message.contains("the replay went on with .arrived(\"slow\")") == true)
  }
}

/// A recording in which the user sent `go` again after `slow`'s call had returned but before its
/// answer was reduced (a loaded machine, or a key pressed at that moment).
private func userBetweenAnswerAndStep() -> Recording<Racers.State, Racers.Event, Racers.Call> {
  var recording = slowFirst(order: true)
  // Recorded order: go, slow's call returns at 0.5 ms, fast at 1, go again at 1.2, slow at 2.
  var afterFast = recording.steps[0].state
  afterFast.arrivals = ["fast": 1]
  afterFast.order = ["fast"]
  var afterSlow = afterFast
  afterSlow.arrivals["slow"] = 1
  afterSlow.order.append("slow")
  recording.steps = [
    recording.steps[0],
    RecordedStep(
      event: .arrived("fast"), origin: .feedback(name: "fast", generation: 0),
      atMilliseconds: 1, state: afterFast),
    RecordedStep(event: .go, origin: .user, atMilliseconds: 1.2, state: afterFast),
    RecordedStep(
      event: .arrived("slow"), origin: .feedback(name: "slow", generation: 0),
      atMilliseconds: 2, state: afterSlow),
  ]
  return recording
}

extension RecordingReplayTests {
  @Test func aStepReducedBetweenACallsEndAndItsAnswerKeepsItsPlaceInTheReplay() async {
    let report = await Self.orderedReplay.replay(
      userBetweenAnswerAndStep(), from: "racers.json",
      against: contract { OrderedRacers(racers: Racers(slow: { 1 })) })
    #expect(report.passed, "\(report.failure?.message ?? "")")
  }
}

/// A recording killed after `fast`'s step: `slow` had its answer and had ended, but the store
/// had not reduced its event yet.
private func killedBeforeSlowsStep() -> Recording<Racers.State, Racers.Event, Racers.Call> {
  var recording = slowFirst(order: false)
  var afterFast = recording.steps[0].state
  afterFast.arrivals = ["fast": 1]
  recording.steps = [
    recording.steps[0],
    RecordedStep(
      event: .arrived("fast"), origin: .feedback(name: "fast", generation: 0), atMilliseconds: 1,
      state: afterFast),
  ]
  recording.effects = [
    RecordedEffect(
      origin: .feedback(name: "fast", generation: 0), startedAtMilliseconds: 0,
      endedAtMilliseconds: 1, outcome: .completed),
    RecordedEffect(
      origin: .feedback(name: "slow", generation: 0), startedAtMilliseconds: 0,
      endedAtMilliseconds: 1.5, outcome: .completed),
  ]
  recording.endedEarly = "after line 7"
  return recording
}

extension RecordingReplayTests {
  @Test func aRecordingKilledMidRunReplaysTheStepsItFinishedAndLeavesOutWhatCameAfter() async {
    let cut = killedBeforeSlowsStep()
    let report = await Self.replay.replay(
      cut, from: "killed.jsonl", against: contract { Racers(slow: { 1 }) })
    #expect(report.passed, "\(report.failure?.message ?? "")")
    #expect(report.endedEarly == "after line 7")

    // The same steps in a whole recording: `slow`'s event is a step the recording lacks.
    var whole = cut
    whole.endedEarly = nil
    let wholeReport = await Self.replay.replay(
      whole, from: "whole.jsonl", against: contract { Racers(slow: { 1 }) })
    #expect(!wholeReport.passed)
  }
}

/// One stream started by `go`: it calls `slow`, sends `first` with the answer, sleeps 2 ms on
/// the clock and sends `second`.
private struct Streamer: Machine {
  typealias State = Racers.State
  typealias Event = Racers.Event
  let slow: @Sendable () async throws -> Int
  let clock: TestClock

  static let reducer = Racers.reducer

  var feedbacks: [Feedback<State, Event>] {
    [
      .streaming(
        of: { $0.started ? true : nil }, name: "stream",
        events: { [slow, clock] _ in
          let sent = Mutex(0)
          return AsyncThrowingStream<Event, any Error> {
            let count = sent.withLock { count in
              defer { count += 1 }
              return count
            }
            switch count {
            case 0:
              _ = try await slow()
              return .arrived("first")
            case 1:
              try await clock.sleep(for: .milliseconds(2))
              return .arrived("second")
            default:
              return nil
            }
          }
        })
    ]
  }
}

extension RecordingReplayTests {
  @Test func anAnswerReducedTheMomentItsCallEndedComesBeforeAKeyPressedLater() async {
    // Recorded: `go` at 0; the call ends at 1 ms and `first` is reduced at 1 ms; the user
    // sends `go` again at 2 ms; `second` comes at 3 ms, after the stream's 2 ms sleep.
    let stream = RecordedOrigin.feedback(name: "stream", generation: 0)
    var state = Racers.State(started: true)
    var steps = [
      RecordedStep<Racers.State, Racers.Event>(
        event: .go, origin: .user, atMilliseconds: 0, state: state)
    ]
    state.arrivals["first"] = 1
    steps.append(
      RecordedStep(event: .arrived("first"), origin: stream, atMilliseconds: 1, state: state))
    steps.append(RecordedStep(event: .go, origin: .user, atMilliseconds: 2, state: state))
    state.arrivals["second"] = 1
    steps.append(
      RecordedStep(event: .arrived("second"), origin: stream, atMilliseconds: 3, state: state))
    let recording = Recording<Racers.State, Racers.Event, Racers.Call>(
      app: "racers", initialState: Racers.State(), steps: steps,
      calls: [
        RecordedCall(
          call: .slow(outcome: .returned(1)), by: stream, startedAtMilliseconds: 0,
          endedAtMilliseconds: 1)
      ],
      effects: [
        RecordedEffect(
          origin: stream, startedAtMilliseconds: 0, endedAtMilliseconds: 3, outcome: .completed)
      ])
    let replay = RecordingReplay<Streamer, Racers.Call>(app: "racers") { tape, clock, _ in
      Streamer(slow: answering(tape), clock: clock)
    }

    let report = await replay.replay(
      recording, from: "stream.json",
      against: contract { Streamer(slow: { 1 }, clock: TestClock()) })

    #expect(report.passed, "\(report.failure?.message ?? "")")
  }
}
