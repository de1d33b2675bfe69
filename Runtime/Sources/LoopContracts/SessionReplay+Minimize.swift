import Loop
import LoopSession

extension SessionReplay {
  /// The shortest stretch of a failing session that still fails the same check, as a session
  /// of its own: the fixture `conformance --replay FILE --minimize OUT` writes.
  ///
  /// A recorded state depends on every event before it, so events cannot be dropped from
  /// the middle; but a session names its first state, so it can start later. The steps after
  /// the failing one are cut; then each user event before it, latest first, is tried as the
  /// start, from the state recorded just before it, with times rebased to it, each
  /// feedback's generations renumbered from 0 (the fresh store numbers them so) and only the
  /// calls and effects of the stretch. The latest start whose replay fails the same check at
  /// the same event is kept.
  ///
  /// - Parameters:
  ///   - session: A session whose replay fails.
  ///   - path: Its file, for the reports.
  ///   - contract: The app's contract.
  /// - Returns: The shortest failing session and its report; `nil` when `session` replays as
  ///   recorded or fails in no step (a recorded call never made).
  public func minimize<Phase, Kind>(
    _ session: AppSession, from path: String, against contract: Contract<M, Phase, Kind>
  ) async -> (session: AppSession, report: ReplayReport)? {
    let original = await replay(session, from: path, against: contract)
    guard let failure = original.failure, let failing = failure.step else { return nil }
    let cut = failing - 1
    func failsTheSameWay(_ candidate: AppSession, at step: Int) async -> ReplayReport? {
      let report = await replay(candidate, from: path, against: contract)
      guard let found = report.failure, found.check == failure.check, found.step == step else {
        return nil
      }
      return report
    }
    let starts = session.steps[...cut].indices.filter { session.steps[$0].origin == .user }
    for start in starts.reversed() where start > 0 {
      let candidate = window(of: session, from: start, through: cut)
      if let report = await failsTheSameWay(candidate, at: cut - start + 1) {
        return (candidate, report)
      }
    }
    let truncated = window(of: session, from: 0, through: cut)
    if let report = await failsTheSameWay(truncated, at: failing) {
      return (truncated, report)
    }
    return (session, original)
  }

  /// Steps `start...end` of `session` as a session of their own.
  private func window(of session: AppSession, from start: Int, through end: Int) -> AppSession {
    let steps = session.steps[start...end]
    let origin = start == 0 ? 0 : session.steps[start - 1].atMilliseconds
    let last = session.steps[end].atMilliseconds
    let initial = start == 0 ? session.initialState : session.steps[start - 1].state
    // The stretch's effects: those still at work when it began (started before, not ended,
    // their event not yet reduced), which the fresh store starts again for the first state,
    // numbered first; then those started in it, numbered after them.
    let delivered = Set(session.steps[..<start].map(\.origin))
    let carried = session.effects.filter { effect in
      effect.startedAtMilliseconds < origin
        && (effect.endedAtMilliseconds ?? .infinity) > origin
        && !delivered.contains(effect.origin)
    }
    let started = session.effects.filter { effect in
      effect.startedAtMilliseconds >= origin && effect.startedAtMilliseconds <= last
    }
    var renumbering: [SessionOrigin: SessionOrigin] = [:]
    var next: [String: Int] = [:]
    for effect in carried + started {
      guard case .feedback(let name, _) = effect.origin else { continue }
      renumbering[effect.origin] = .feedback(name: name, generation: next[name, default: 0])
      next[name, default: 0] += 1
    }
    let effects = carried + started
    func renumbered(_ origin: SessionOrigin) -> SessionOrigin {
      renumbering[origin] ?? origin
    }
    func rebased(_ milliseconds: Double) -> Double {
      max(0, ((milliseconds - origin) * 1_000).rounded() / 1_000)
    }
    return Session(
      app: session.app, settings: session.settings, initialState: initial,
      steps: steps.map { step in
        SessionStep(
          event: step.event, origin: renumbered(step.origin),
          atMilliseconds: rebased(step.atMilliseconds), state: step.state)
      },
      calls: session.calls.filter { call in
        call.startedAtMilliseconds <= last && call.endedAtMilliseconds > origin
      }.map { call in
        SessionCall(
          call: call.call, by: call.by.map(renumbered),
          startedAtMilliseconds: rebased(call.startedAtMilliseconds),
          endedAtMilliseconds: rebased(call.endedAtMilliseconds))
      },
      effects: effects.map { effect in
        let ended = effect.endedAtMilliseconds.flatMap { $0 <= last ? rebased($0) : nil }
        return SessionEffect(
          origin: renumbered(effect.origin),
          startedAtMilliseconds: rebased(effect.startedAtMilliseconds),
          endedAtMilliseconds: ended, outcome: ended == nil ? nil : effect.outcome)
      })
  }
}
