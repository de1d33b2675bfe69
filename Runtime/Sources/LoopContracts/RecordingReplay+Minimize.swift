import Loop
import LoopRecording

extension RecordingReplay {
  /// The shortest stretch of a failing recording that still fails the same check, as a recording
  /// of its own: the fixture `conformance --replay FILE --minimize OUT` writes.
  ///
  /// A recorded state depends on every event before it, so events cannot be dropped from
  /// the middle; but a recording names its first state, so it can start later. The steps after
  /// the failing one are cut; then each user event before it, latest first, is tried as the
  /// start, from the state recorded just before it, with times rebased to it, each
  /// feedback's generations renumbered from 0 (the fresh store numbers them so) and only the
  /// calls and effects of the stretch. The latest start whose replay fails the same check at
  /// the same event is kept.
  ///
  /// - Parameters:
  ///   - recording: A recording whose replay fails.
  ///   - path: Its file, for the reports.
  ///   - contract: The app's contract.
  /// - Returns: The shortest failing recording and its report; `nil` when `recording` replays as
  ///   recorded or fails in no step (a recorded call never made).
  public func minimize<Phase, Kind>(
    _ recording: AppRecording, from path: String, against contract: Contract<M, Phase, Kind>
  ) async -> (recording: AppRecording, report: ReplayReport)? {
    let original = await replay(recording, from: path, against: contract)
    guard let failure = original.failure, let failing = failure.step else { return nil }
    let cut = failing - 1
    func failsTheSameWay(_ candidate: AppRecording, at step: Int) async -> ReplayReport? {
      let report = await replay(candidate, from: path, against: contract)
      guard let found = report.failure, found.check == failure.check, found.step == step else {
        return nil
      }
      return report
    }
    let starts = recording.steps[...cut].indices.filter { recording.steps[$0].origin == .user }
    for start in starts.reversed() where start > 0 {
      let candidate = window(of: recording, from: start, through: cut)
      if let report = await failsTheSameWay(candidate, at: cut - start + 1) {
        return (candidate, report)
      }
    }
    let truncated = window(of: recording, from: 0, through: cut)
    if let report = await failsTheSameWay(truncated, at: failing) {
      return (truncated, report)
    }
    return (recording, original)
  }

  /// Steps `start...end` of `recording` as a recording of their own.
  private func window(of recording: AppRecording, from start: Int, through end: Int) -> AppRecording
  {
    let steps = recording.steps[start...end]
    let origin = start == 0 ? 0 : recording.steps[start - 1].atMilliseconds
    let last = recording.steps[end].atMilliseconds
    let initial = start == 0 ? recording.initialState : recording.steps[start - 1].state
    // The stretch's effects: those still at work when it began (started before, not ended,
    // their event not yet reduced), which the fresh store starts again for the first state,
    // numbered first; then those started in it, numbered after them.
    let delivered = Set(recording.steps[..<start].map(\.origin))
    let carried = recording.effects.filter { effect in
      effect.startedAtMilliseconds < origin
        && (effect.endedAtMilliseconds ?? .infinity) > origin
        && !delivered.contains(effect.origin)
    }
    let started = recording.effects.filter { effect in
      effect.startedAtMilliseconds >= origin && effect.startedAtMilliseconds <= last
    }
    var renumbering: [RecordedOrigin: RecordedOrigin] = [:]
    var next: [String: Int] = [:]
    for effect in carried + started {
      guard case .feedback(let name, _) = effect.origin else { continue }
      renumbering[effect.origin] = .feedback(name: name, generation: next[name, default: 0])
      next[name, default: 0] += 1
    }
    let effects = carried + started
    func renumbered(_ origin: RecordedOrigin) -> RecordedOrigin {
      renumbering[origin] ?? origin
    }
    func rebased(_ milliseconds: Double) -> Double {
      max(0, ((milliseconds - origin) * 1_000).rounded() / 1_000)
    }
    return Recording(
      app: recording.app, settings: recording.settings, initialState: initial,
      steps: steps.map { step in
        RecordedStep(
          event: step.event, origin: renumbered(step.origin),
          atMilliseconds: rebased(step.atMilliseconds), state: step.state)
      },
      calls: recording.calls.filter { call in
        call.startedAtMilliseconds <= last && call.endedAtMilliseconds > origin
      }.map { call in
        RecordedCall(
          call: call.call, by: call.by.map(renumbered),
          startedAtMilliseconds: rebased(call.startedAtMilliseconds),
          endedAtMilliseconds: rebased(call.endedAtMilliseconds))
      },
      effects: effects.map { effect in
        let ended = effect.endedAtMilliseconds.flatMap { $0 <= last ? rebased($0) : nil }
        return RecordedEffect(
          origin: renumbered(effect.origin),
          startedAtMilliseconds: rebased(effect.startedAtMilliseconds),
          endedAtMilliseconds: ended, outcome: ended == nil ? nil : effect.outcome)
      })
  }
}
