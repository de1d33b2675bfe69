import Loop
import LoopRecording
import LoopSynchronization
import LoopTesting

/// How an app's recordings are replayed: its command name and its machine built on a
/// ``CallTape`` and a test clock.
///
/// The contract module declares one beside its contract, and the conformance registry pairs
/// them (`AnyContract(Search.contract, replaying: Search.recordingReplay)`).
public struct RecordingReplay<M: Machine, Call: Codable & Sendable>: Sendable
where M.State: Codable & Hashable, M.Event: Codable & Equatable {
  /// The recording type of the app.
  public typealias AppRecording = Recording<M.State, M.Event, Call>

  /// The app's command name, which a recording file must carry.
  public let app: String
  /// The machine with every dependency answering from `tape`, sleeping on `clock`, set up
  /// as the recording's `settings` say.
  public let makeMachine:
    @Sendable (_ tape: CallTape<Call>, _ clock: TestClock, _ settings: [String: Int]) -> M

  /// Creates the app's replay.
  ///
  /// - Parameters:
  ///   - app: The app's command name.
  ///   - makeMachine: Builds the machine on a call tape, a test clock and the settings.
  public init(
    app: String,
    makeMachine: @escaping @Sendable (CallTape<Call>, TestClock, [String: Int]) -> M
  ) {
    self.app = app
    self.makeMachine = makeMachine
  }

  /// Replays `recording` through a test store and checks it against `contract`.
  ///
  /// User events are sent at their recorded times on a test clock that follows the
  /// recording; effects run with dependencies answering from the recorded calls. Then, step
  /// by step: the event, its origin and its state must be the recorded ones, the move must be
  /// in the contract's table and every invariant must hold; every call made must be in the
  /// recording and every recorded call made. The first step that fails is the report.
  ///
  /// - Parameters:
  ///   - recording: The recording.
  ///   - path: The file it came from, for the report.
  ///   - contract: The app's contract.
  /// - Returns: How many steps were replayed, and the first failure if there is one.
  public func replay<Phase, Kind>(
    _ recording: AppRecording, from path: String, against contract: Contract<M, Phase, Kind>
  ) async -> ReplayReport {
    let clock = TestClock()
    let counter = StepCounter()
    let tape = CallTape(
      calls: recording.calls, effects: recording.effects,
      steps: recording.steps.map { ($0.origin, $0.atMilliseconds) }, clock: clock,
      stepsSoFar: { counter.value() }, endedEarly: recording.stopsMidRun)
    // Each state the replay reduces that equals the recorded one is replaced by it, so the
    // next step shares the recording's storage and comparing them costs what changed.
    let recorded = RecordedStates(recording.steps.map(\.state))
    let store = TestStore(
      initial: recording.initialState, machine: makeMachine(tape, clock, recording.settings),
      clock: clock, exhaustivity: .off, equalState: { recorded.next(equalTo: $0) })
    counter.count { [weak store] in store?.transitions.count ?? 0 }
    func instant(_ milliseconds: Double) -> TestClock.Instant {
      TestClock.Instant(offset: CallTape<Call>.duration(milliseconds: milliseconds))
    }
    let sink = FailureSink()
    await sink.collect {
      for step in recording.steps {
        await clock.advance(to: instant(step.atMilliseconds))
        if step.origin == .user { store.send(step.event) }
      }
      // Calls made after the last step (a watch that found nothing new) are made again.
      let lastCall = recording.calls.map(\.startedAtMilliseconds).max() ?? 0
      if lastCall > (recording.steps.last?.atMilliseconds ?? 0) {
        await clock.advance(to: instant(lastCall))
      }
      await store.settle()
    }
    var replayed = store.transitions
    // A recording that stops mid-run (killed, or ended by a signal) stops where it was cut; events
    // the replay reduces that the killed run had not reduced yet are left out, and states
    // are compared up to the first of them.
    var statesComparedBefore = Int.max
    var befores: [M.State]?
    if recording.stopsMidRun {
      var previous = recording.initialState
      let withBefores = replayed.map { step in
        defer { previous = step.state }
        return (step, previous)
      }
      let kept: [((event: M.Event, origin: EventOrigin, state: M.State), M.State)]
      (kept, statesComparedBefore) = Self.withoutLateEvents(withBefores, recorded: recording.steps)
      replayed = kept.map(\.0)
      befores = kept.map(\.1)
    }
    let checker = Checker(
      recording: recording, path: path, contract: contract, replayed: replayed, tape: tape,
      moves: Set(contract.table),
      statesComparedBefore: statesComparedBefore, befores: befores)
    if let failure = checker.firstFailure() {
      return ReplayReport(
        path: path, steps: recording.steps.count, failure: failure, endedEarly: recording.endedEarly
      )
    }
    if let failure = sink.failures.first {
      return ReplayReport(
        path: path, steps: recording.steps.count,
        failure: ReplayFailure(step: nil, check: .state, message: failure.message),
        endedEarly: recording.endedEarly)
    }
    return ReplayReport(
      path: path, steps: recording.steps.count, failure: nil, endedEarly: recording.endedEarly)
  }
}

extension RecordingReplay {
  /// `replayed` without the effect events a recording cut short never reduced.
  ///
  /// For each effect, those past the number the recording has of it. Also the index (in the result)
  /// of the first step after a left-out event, from which states no longer match.
  static func withoutLateEvents<Before>(
    _ replayed: [((event: M.Event, origin: EventOrigin, state: M.State), Before)],
    recorded: [RecordedStep<M.State, M.Event>]
  ) -> ([((event: M.Event, origin: EventOrigin, state: M.State), Before)], Int) {
    var left: [RecordedOrigin: Int] = [:]
    for step in recorded where step.origin != .user {
      left[step.origin, default: 0] += 1
    }
    var kept: [((event: M.Event, origin: EventOrigin, state: M.State), Before)] = []
    var firstAfterLate = Int.max
    for step in replayed {
      let origin: RecordedOrigin =
        switch step.0.origin {
        case .user: .user
        case .effect(let record): .feedback(name: record.feedback, generation: record.generation)
        }
      if origin != .user {
        guard let count = left[origin], count > 0 else {
          firstAfterLate = min(firstAfterLate, kept.count)
          continue
        }
        left[origin] = count - 1
      }
      kept.append(step)
    }
    return (kept, firstAfterLate)
  }
}

/// The recorded states, handed to the replay's store one per reduced step: the recorded
/// state of that step when it is equal to the one the replay made.
private final class RecordedStates<State: Equatable & Sendable>: Sendable {
  private let states: [State]
  /// The steps reduced so far.
  private let reduced = Mutex(0)

  init(_ states: [State]) {
    self.states = states
  }

  /// The recorded state of the next step if it equals `state`, else `nil`.
  func next(equalTo state: State) -> State? {
    let index = reduced.withLock { count in
      defer { count += 1 }
      return count
    }
    guard index < states.count, states[index] == state else { return nil }
    return states[index]
  }
}

/// The replay's count of reduced steps, read by the call tape when a call is unexpected.
///
/// The tape is made before the store (the machine needs it) and the store's effects may call
/// it from their first moment, so the count is handed over under a lock.
private final class StepCounter: Sendable {
  private let source = Mutex<(@Sendable () -> Int)?>(nil)

  /// Counts with `read` from now on.
  func count(with read: @escaping @Sendable () -> Int) {
    source.withLock { $0 = read }
  }

  /// The steps reduced so far; 0 before ``count(with:)``.
  func value() -> Int {
    source.withLock { $0 }?() ?? 0
  }
}

/// Compares a replay with its recording, step by step.
private struct Checker<
  M: Machine, Phase: ContractLabel, Kind: ContractLabel, Call: Codable & Sendable
>
where M.State: Codable & Hashable, M.Event: Codable & Equatable {
  let recording: Recording<M.State, M.Event, Call>
  let path: String
  let contract: Contract<M, Phase, Kind>
  let replayed: [(event: M.Event, origin: EventOrigin, state: M.State)]
  let tape: CallTape<Call>
  /// The contract's table, to look a move up in.
  let moves: Set<Move<Phase, Kind>>
  /// States are compared at steps before this one (all, but in a recording cut short).
  let statesComparedBefore: Int
  /// The state before each replayed step, when a step was left out before it (a recording
  /// cut short); `nil` when each step's is the one before it.
  let befores: [M.State]?

  func firstFailure() -> ReplayFailure? {
    let unexpected = tape.unexpected.first
    // Effects that race (a forecast and a zero-length save window) may be reduced in
    // another order than recorded: within a run of effect events, the replay's steps may be
    // a permutation of the recording's. States are compared wherever both have reduced the
    // same events (every step, when the order is the same); user events stay in place.
    var unmatched: [(event: M.Event, origin: RecordedOrigin, count: Int)] = []
    var divergedAt: Int?
    var before = recording.initialState
    for (index, recorded) in recording.steps.enumerated() {
      if let unexpected, unexpected.afterStep <= index {
        return callFailure(unexpected.call, at: index)
      }
      guard index < replayed.count else {
        return failure(
          at: index, check: .state,
          expected: "\(ValueRendering.render(recorded.event)), \(recorded.origin)",
          happened: "the replay stopped after \(replayed.count) steps (the store was quiet)",
          fix:
            "an effect no longer sends this event; fix its feedback, or record the recording again"
        )
      }
      let actual = replayed[index]
      let origin = Self.origin(actual.origin)
      let inPlace = actual.event == recorded.event && origin == recorded.origin
      if !inPlace || divergedAt != nil {
        // A user event ends any run of effect events: it must come where it came.
        guard recorded.origin != .user, origin != .user else {
          return mismatch(at: divergedAt ?? index)
        }
        divergedAt = divergedAt ?? index
        Self.count(recorded.event, recorded.origin, by: 1, in: &unmatched)
        Self.count(actual.event, origin, by: -1, in: &unmatched)
      }
      if let failure = check(
        actual.event, from: befores?[index] ?? before, to: actual.state, at: index)
      {
        return failure
      }
      before = actual.state
      if unmatched.isEmpty {
        divergedAt = nil
        if index < statesComparedBefore,
          let failure = compareStates(recorded, actual.state, at: index)
        {
          return failure
        }
      }
    }
    if let divergedAt { return mismatch(at: divergedAt) }
    if let unexpected { return callFailure(unexpected.call, at: recording.steps.count) }
    if replayed.count > recording.steps.count {
      let extra = replayed[recording.steps.count]
      return failure(
        at: recording.steps.count, check: .state,
        expected: "the recording to end after step \(recording.steps.count)",
        happened: "the replay went on with \(ValueRendering.render(extra.event)), \(extra.origin)",
        fix: "fix the feedback that sent it, or record the recording again")
    }
    if let unanswered = tape.unanswered.first {
      let call = tape.recorded(unanswered)
      return ReplayFailure(
        step: nil, check: .calls,
        message: """
          replay of \(path) failed: a recorded call was never made.
            Expected: call \(unanswered + 1) of the recording, \(ValueRendering.render(call.call)), started at \(call.startedAtMilliseconds) ms.
            Happened: the replay never made it.
            Fix: a feedback no longer calls its dependency where the recording did; fix it, or record the recording again.
          """)
    }
    return nil
  }

  /// Adds `delta` to the count of (`event`, `origin`), dropping counts that reach zero.
  private static func count(
    _ event: M.Event, _ origin: RecordedOrigin, by delta: Int,
    in counts: inout [(event: M.Event, origin: RecordedOrigin, count: Int)]
  ) {
    if let index = counts.firstIndex(where: { $0.event == event && $0.origin == origin }) {
      counts[index].count += delta
      if counts[index].count == 0 { counts.remove(at: index) }
    } else {
      counts.append((event, origin, delta))
    }
  }

  /// The failure for steps that are not the recorded ones, in any order, from `index` on.
  private func mismatch(at index: Int) -> ReplayFailure {
    let recorded = recording.steps[index]
    let actual = replayed[index]
    return failure(
      at: index, check: .state,
      expected: "\(ValueRendering.render(recorded.event)), \(recorded.origin)",
      happened: "\(ValueRendering.render(actual.event)), \(Self.origin(actual.origin))",
      fix: "fix the feedback that sent it (or the order of effects), or record the recording again")
  }

  /// The failure when the replay's state after step `index` is not the recorded one.
  private func compareStates(
    _ recorded: RecordedStep<M.State, M.Event>, _ actual: M.State, at index: Int
  ) -> ReplayFailure? {
    guard actual != recorded.state else { return nil }
    let diff = StateDiff(expected: recorded.state, actual: actual)?.description ?? ""
    return ReplayFailure(
      step: index + 1, check: .state,
      message: """
        replay of \(path) failed at step \(index + 1) of \(recording.steps.count).
          Expected: the recorded state after .\(CaseName.of(recorded.event)), \(recorded.origin).
          Happened: the reducer made another state, field by field:
        \(diff)
          Fix: if the recording is right, fix the reducer; if the behaviour changed on purpose, record the recording again.
        """)
  }

  /// The failure when the replay's move at `index` is not in the table, breaks a law, or
  /// makes a state that breaks an invariant.
  private func check(_ event: M.Event, from before: M.State, to after: M.State, at index: Int)
    -> ReplayFailure?
  {
    // The event's kind, found once for the table and the laws (by reflection, for most).
    let kind = contract.kind(event)
    if let kind {
      let move = Move(contract.phase(before), on: kind, to: contract.phase(after))
      if !moves.contains(move) {
        return failure(
          at: index, check: .table,
          expected: "a move of the contract's table",
          happened: "\(move) is not in the table",
          fix:
            "add the move to the table if the app's documentation allows it, else fix the reducer")
      }
    }
    if let law = contract.judge(before, event, after, kind: kind).broken.first {
      return failure(
        at: index, check: .law,
        expected: "every law over steps to hold",
        happened: "this step breaks \"\(contract.laws[law].name)\"",
        fix: "fix the reducer, or the law if it says more than the documentation")
    }
    for invariant in contract.invariants where !invariant.holds(after) {
      return failure(
        at: index, check: .invariant,
        expected: "every invariant to hold",
        happened: "\"\(invariant.name)\" does not hold in the state this step made",
        fix: "fix the reducer, or the invariant if it says more than the documentation")
    }
    return nil
  }

  private func callFailure(_ call: String, at index: Int) -> ReplayFailure {
    failure(
      at: index, check: .calls,
      expected: "only the calls the recording made",
      happened: "the replay called \(call), which the recording did not (or not again)",
      fix:
        "a feedback calls its dependency where it did not before; fix it, or record the recording again"
    )
  }

  private func failure(
    at index: Int, check: ReplayCheck, expected: String, happened: String, fix: String
  ) -> ReplayFailure {
    ReplayFailure(
      step: index + 1, check: check,
      message: """
        replay of \(path) failed at step \(index + 1) of \(recording.steps.count).
          Expected: \(expected).
          Happened: \(happened).
          Fix: \(fix).
        """)
  }

  static func origin(_ origin: EventOrigin) -> RecordedOrigin {
    switch origin {
    case .user: .user
    case .effect(let record): .feedback(name: record.feedback, generation: record.generation)
    }
  }
}

/// Which check of a replay failed.
public enum ReplayCheck: String, Hashable, Sendable, Codable {
  /// The file is not a recording of the app that decodes.
  case file
  /// An event, its origin or its state differs from the recording.
  case state
  /// A step's move is not in the contract's table.
  case table
  /// An invariant does not hold in a recorded state.
  case invariant
  /// A step breaks a law over steps.
  case law
  /// A call differs from the recorded ones.
  case calls
}

/// The first failure of a replay: the step (from 1), the check, and the message.
public struct ReplayFailure: Hashable, Sendable, Codable {
  /// Creates a failure.
  ///
  /// - Parameters:
  ///   - step: The step, from 1, or `nil` for the whole recording.
  ///   - check: The check that failed.
  ///   - message: What was expected, what happened, the fix.
  public init(step: Int?, check: ReplayCheck, message: String) {
    self.step = step
    self.check = check
    self.message = message
  }

  /// The step that failed, from 1; `nil` for a failure of the whole recording.
  public let step: Int?
  /// The check that failed.
  public let check: ReplayCheck
  /// Expected, happened and the fix, as test store failures say them.
  public let message: String
}

/// The outcome of replaying one recording file.
public struct ReplayReport: Hashable, Sendable, Codable {
  /// The file.
  public let path: String
  /// How many steps the recording has.
  public let steps: Int
  /// The first failure; `nil` when the replay matched the recording.
  public let failure: ReplayFailure?
  /// Where the file stopped before its end record (`Recording.endedEarly`), as when the
  /// recording process was killed; the steps before it are what was replayed.
  public let endedEarly: String?

  /// Creates a report.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - steps: The recording's step count.
  ///   - failure: The first failure, if any.
  ///   - endedEarly: Where the file ended early, if it did.
  public init(path: String, steps: Int, failure: ReplayFailure?, endedEarly: String? = nil) {
    self.path = path
    self.steps = steps
    self.failure = failure
    self.endedEarly = endedEarly
  }

  /// Whether the replay matched.
  public var passed: Bool { failure == nil }
}
