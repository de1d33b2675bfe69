import LoopRecording
import Testing

@testable import Loop
@testable import LoopContracts

/// A counter whose state is `Codable`, as a replay needs.
private struct Ticks: Machine {
  struct State: Codable, Hashable, Sendable {
    var count = 0
  }

  enum Event: String, Codable, Hashable, Sendable {
    case tick
  }

  static let reducer = Reducer<State, Event> { state, _ in state.count += 1 }

  var feedbacks: [Feedback<State, Event>] { [] }
}

/// A replay of a recording cut short leaves out, for each effect, the events past the number
/// the recording has of it, and keeps every one before.
@Suite(.watchdog)
struct RecordingReplayLateEventsTests {
  /// An effect the recording has twice keeps both its replayed events; its third is late, and
  /// the steps after a late event are where states stop matching.
  @Test func anEffectKeepsAsManyEventsAsTheRecordingHasOfIt() {
    let run = EffectRun(feedbackIndex: 0, feedback: "ticks", key: EffectKey(0), generation: 0)
    let recorded = (1...2).map {
      RecordedStep<Ticks.State, Ticks.Event>(
        event: .tick, origin: .feedback(name: "ticks", generation: 0), atMilliseconds: 0,
        state: Ticks.State(count: $0))
    }
    let replayed = (1...3).map { count in
      (
        (
          event: Ticks.Event.tick, origin: EventOrigin.effect(run), state: Ticks.State(count: count)
        ),
        count
      )
    }

    let (kept, firstAfterLate) = RecordingReplay<Ticks, Int>.withoutLateEvents(
      replayed, recorded: recorded)

    #expect(kept.map(\.1) == [1, 2])
    #expect(firstAfterLate == 2)
  }
}
