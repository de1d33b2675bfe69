import Loop
import LoopContracts
import LoopRecording
import LoopTesting
import Testing

/// One effect, started by the first `go`, asks once and sends the answer, or `gaveUp` when
/// the call throws, whatever it throws.
private struct Asker: Machine {
  struct State: Hashable, Sendable, Codable {
    var started = false
    var answers = 0
    var gaveUp = false
  }

  enum Event: Hashable, Sendable, Codable {
    case go
    case answered
    case gaveUp
  }

  enum Call: Hashable, Sendable, Codable {
    case ask(outcome: CallOutcome<Int, RecordedError>)
  }

  enum Phase: CaseIterable, Sendable { case waiting, running }
  enum Kind: String, CaseIterable, Sendable { case go, answered, gaveUp }

  let ask: @Sendable () async throws -> Int

  static let reducer = Reducer<State, Event> { state, event in
    switch event {
    case .go: state.started = true
    case .answered: state.answers += 1
    case .gaveUp: state.gaveUp = true
    }
  }

  var feedbacks: [Feedback<State, Event>] {
    [
      .whenBecomesTrue(\.started, name: "ask") { [ask] in
        do {
          _ = try await ask()
          return .answered
        } catch {
          return .gaveUp
        }
      }
    ]
  }

  static let contract = Contract<Asker, Phase, Kind>(
    name: "asker", initialStates: [State()], phase: { $0.started ? .running : .waiting },
    table: [
      Move(.waiting, on: .go, to: .running), Move(.running, on: .go, to: .running),
      Move(.running, on: .answered, to: .running), Move(.running, on: .gaveUp, to: .running),
    ],
    alphabet: { _ in [.go] }, makeMachine: { Asker(ask: { 1 }) })

  static let replay = RecordingReplay<Asker, Call>(app: "asker") { tape, _, _ in
    Asker(ask: {
      try await tape.answer("ask()") { call -> CallOutcome<Int, RecordedError>? in
        guard case .ask(let outcome) = call else { return nil }
        return outcome
      }
    })
  }
}

/// A recorded call whose answer the effect never sent waits in the replay until the effect is
/// cancelled again (`CallTape`): it does not end early, even in an effect that turns any
/// error into an event.
struct CallTapeWaitTests {
  /// The replay's clock passes the end of a call whose answer was never sent, and the effect
  /// still sends nothing.
  ///
  /// Recorded: `go` at 0 ms, the call returned at 0.5 ms, `go` again at 2 ms, and the
  /// recording ended at 3 ms with the effect cancelled before it sent its answer (a loaded
  /// machine).
  @Test func anAnswerTheRecordingNeverSentWaitsPastTheCallsEnd() async {
    let started = Asker.State(started: true)
    let recording = Recording<Asker.State, Asker.Event, Asker.Call>(
      app: "asker", initialState: Asker.State(),
      steps: [
        RecordedStep(event: .go, origin: .user, atMilliseconds: 0, state: started),
        RecordedStep(event: .go, origin: .user, atMilliseconds: 2, state: started),
      ],
      calls: [
        RecordedCall(
          call: .ask(outcome: .returned(1)), by: .feedback(name: "ask", generation: 0),
          startedAtMilliseconds: 0, endedAtMilliseconds: 0.5)
      ],
      effects: [
        RecordedEffect(
          origin: .feedback(name: "ask", generation: 0), startedAtMilliseconds: 0,
          endedAtMilliseconds: 3, outcome: .cancelled)
      ])

    let report = await Asker.replay.replay(
      recording, from: "asker.json", against: Asker.contract)

    #expect(report.passed, "\(report.failure?.message ?? "")")
  }
}
