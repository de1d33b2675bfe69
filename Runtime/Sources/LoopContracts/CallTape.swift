import LoopRecording
import LoopSynchronization
import LoopTesting

/// A recording's dependency calls, answered back to a replayed machine on its test clock.
///
/// An app's replay machine routes every dependency call to ``answer(_:_:)``: the first
/// recorded call not yet answered that `match` accepts is taken, the clock is waited on until
/// the moment that call ended in the recording, and its outcome is returned or thrown. A call
/// the recording does not have is reported as the replay's failure and thrown as cancellation, so
/// the replay's steps stop matching where it happened.
///
/// A call's answer is not sent back before the steps the recording reduced between the call's
/// end and the step its effect sent next: a key pressed while the answer was on its way to
/// the store keeps its place in the replay, where answers arrive at once.
///
/// A recording ends, or a newer effect replaces an older one, at a moment that races with the
/// effects still running; the replay takes the recording's side. An effect that did not
/// complete in the recording waits, until it is cancelled again, at a call it had not made
/// yet there, and at a call whose answer it had not sent yet there.
///
/// ```swift
/// let catalog = MovieCatalog(
///   popular: { page in
///     try await tape.answer("popular page \(page)") { call -> MovieCatalogCall.Outcome? in
///       guard case .popular(page, let outcome) = call else { return nil }
///       return outcome
///     }
///   },
///   search: { query, page in
///     try await tape.answer("search \"\(query)\" page \(page)") {
///       call -> MovieCatalogCall.Outcome? in
///       guard case .search(query, page, let outcome) = call else { return nil }
///       return outcome
///     }
///   })
/// ```
public final class CallTape<Call: Codable & Sendable>: Sendable {
  private struct Book {
    var answered: [Bool]
    /// Every call before this one is answered: where the search for the next one starts.
    var firstUnanswered = 0
    var unexpected: [(call: String, afterStep: Int)] = []
  }

  private let calls: [RecordedCall<Call>]
  /// The recorded effects that were cancelled before they made any call: the store ended,
  /// or a newer effect replaced them, before their task got to the call.
  private let cancelledBeforeCalling: Set<RecordedOrigin>
  /// The recorded calls whose answer was never sent, by position.
  ///
  /// The last call of an effect that did not complete, when nothing that effect sent came
  /// after the call ended: the store ended, or a newer effect replaced it, before its task
  /// got to send the answer.
  private let answerNeverSent: Set<Int>
  /// The effects that had ended where a recording stops mid-run.
  ///
  /// `nil` for a whole recording (`Recording.stopsMidRun`). A call the recording lacks, from any other effect,
  /// came after the cut: it waits, as the killed run's would have, instead of failing.
  private let endedBeforeTheCut: Set<RecordedOrigin>?
  /// When each call is answered in the replay, in recorded milliseconds, by position.
  private let answeredAt: [Double]
  private let clock: TestClock
  private let book: Mutex<Book>
  private let stepsSoFar: @Sendable () -> Int

  /// Makes the tape of a recording's `calls`.
  ///
  /// - Parameters:
  ///   - calls: The recorded calls.
  ///   - effects: The recorded effects, with how each ended.
  ///   - steps: Who sent each recorded step and when it was reduced, in order.
  ///   - clock: The replay's test clock, which follows the recording.
  ///   - stepsSoFar: How many steps the replay has reduced, for the report of a call too many.
  ///   - endedEarly: Whether the recording was cut short (its process was killed).
  init(
    calls: [RecordedCall<Call>], effects: [RecordedEffect],
    steps: [(origin: RecordedOrigin, atMilliseconds: Double)],
    clock: TestClock, stepsSoFar: @escaping @Sendable () -> Int, endedEarly: Bool = false
  ) {
    self.calls = calls
    let index = TapeIndex(calls: calls, steps: steps)
    answeredAt = calls.indices.map {
      Self.answerTime(of: $0, in: calls, steps: steps, index: index)
    }
    var lastSent: [RecordedOrigin: Double] = [:]
    for step in steps where step.origin != .user {
      lastSent[step.origin] = max(lastSent[step.origin] ?? step.atMilliseconds, step.atMilliseconds)
    }
    endedBeforeTheCut = endedEarly ? Set(effects.filter { $0.outcome != nil }.map(\.origin)) : nil
    let calling = Set(calls.compactMap(\.by))
    let unfinished = effects.filter { $0.outcome != .completed }.map(\.origin)
    cancelledBeforeCalling = Set(unfinished.filter { !calling.contains($0) })
    var lastCall: [RecordedOrigin: Int] = [:]
    for (index, call) in calls.enumerated() {
      guard let by = call.by else { continue }
      if let last = lastCall[by], calls[last].endedAtMilliseconds > call.endedAtMilliseconds {
        continue
      }
      lastCall[by] = index
    }
    answerNeverSent = Set(
      unfinished.compactMap { origin -> Int? in
        guard let index = lastCall[origin] else { return nil }
        let sentAfter = lastSent[origin].map { $0 >= calls[index].endedAtMilliseconds } ?? false
        return sentAfter ? nil : index
      })
    self.clock = clock
    self.stepsSoFar = stepsSoFar
    book = Mutex(Book(answered: Array(repeating: false, count: calls.count)))
  }

  /// Answers one call from the recording.
  ///
  /// - Parameters:
  ///   - description: The call in words ("search \"star\" page 2"), for the report when the
  ///     recording has no such call.
  ///   - match: The recorded outcome when a recorded call is this one (same dependency,
  ///     same arguments), else `nil`.
  /// - Returns: The recorded value.
  /// - Throws: The recorded failure; `CancellationError` when the recorded call was
  ///   cancelled or its answer never sent (after waiting for the effect's own cancellation),
  ///   or there is none.
  public func answer<Value, Failure: Error>(
    _ description: String, _ match: (Call) -> CallOutcome<Value, Failure>?
  ) async throws -> Value {
    let caller = EffectScope.current.map { scope in
      RecordedOrigin.feedback(name: scope.effect.feedback, generation: scope.effect.generation)
    }
    let found = book.withLock { book -> (Int, CallOutcome<Value, Failure>)?? in
      for index in book.firstUnanswered..<calls.count where !book.answered[index] {
        let by = calls[index].by
        guard by == nil || caller == nil || by == caller else { continue }
        if let outcome = match(calls[index].call) {
          book.answered[index] = true
          while book.firstUnanswered < calls.count, book.answered[book.firstUnanswered] {
            book.firstUnanswered += 1
          }
          return .some((index, outcome))
        }
      }
      // In the recording this effect was cancelled before its task reached the call: here it
      // got further, so it waits, as the recorded call would, until it is cancelled again.
      if let caller, cancelledBeforeCalling.contains(caller) { return .some(nil) }
      if let caller, let ended = endedBeforeTheCut, !ended.contains(caller) { return .some(nil) }
      book.unexpected.append((description, stepsSoFar()))
      return nil
    }
    guard let found else { throw CancellationError() }
    guard let (index, outcome) = found else {
      try await clock.sleep(until: clock.now.advanced(by: .seconds(86_400 * 365)))
      throw CancellationError()
    }
    let end = TestClock.Instant(offset: Self.duration(milliseconds: answeredAt[index]))
    if end > clock.now { try await clock.sleep(until: end) }
    // Answered in the recording, but the recording's effect never got to send the answer:
    // here too it waits until it is cancelled, or its answer would be a step too many.
    switch answerNeverSent.contains(index) ? .cancelled : outcome {
    case .returned(let value): return value
    case .threw(let failure): throw failure
    case .cancelled:
      // Cancelled in the recording: wait for the replay to cancel it too.
      try await clock.sleep(until: end.advanced(by: .seconds(86_400 * 365)))
      throw CancellationError()
    }
  }

  /// When the call at `index` is answered in the replay: when it ended in the recording, or
  /// just after the last step reduced between its end and the next step its effect sent.
  ///
  /// In the recording the answer took time to reach the store, and a step reduced meanwhile
  /// (a key, another effect's event) came first; the replay's answer arrives at once, so it
  /// waits for that step. Only the effect's next step counts, and only when the effect made no
  /// other call before it (after a later call, the step is that call's answer).
  static func answerTime(
    of index: Int, in calls: [RecordedCall<Call>],
    steps: [(origin: RecordedOrigin, atMilliseconds: Double)], index tape: TapeIndex
  ) -> Double {
    let call = calls[index]
    let ended = call.endedAtMilliseconds
    guard let by = call.by,
      let sent = tape.steps[by]?.first(where: { steps[$0].atMilliseconds >= ended })
    else { return ended }
    let sentAt = steps[sent].atMilliseconds
    let calledAgain = (tape.calls[by] ?? []).contains { other in
      other != index && (ended..<sentAt).contains(calls[other].startedAtMilliseconds)
    }
    guard !calledAgain,
      let between = steps[..<sent].last(where: { $0.atMilliseconds >= ended })
    else { return ended }
    // A microsecond after it (the replay clock's resolution), but never after the answer's step.
    return max(ended, min(between.atMilliseconds + 0.001, sentAt))
  }

  /// The steps and the calls of each effect, by position, in order: so finding an effect's
  /// next step or its other calls reads that effect's own, not the whole recording's.
  struct TapeIndex {
    let steps: [RecordedOrigin: [Int]]
    let calls: [RecordedOrigin: [Int]]

    init(
      calls: [RecordedCall<Call>], steps: [(origin: RecordedOrigin, atMilliseconds: Double)]
    ) {
      var stepsBy: [RecordedOrigin: [Int]] = [:]
      for (index, step) in steps.enumerated() { stepsBy[step.origin, default: []].append(index) }
      var callsBy: [RecordedOrigin: [Int]] = [:]
      for index in calls.indices {
        if let by = calls[index].by { callsBy[by, default: []].append(index) }
      }
      self.steps = stepsBy
      self.calls = callsBy
    }
  }

  /// Calls made that the recording does not have, with how many steps had been reduced.
  var unexpected: [(call: String, afterStep: Int)] {
    book.withLock { $0.unexpected }
  }

  /// The recorded calls no replayed call matched, by position (from 0).
  var unanswered: [Int] {
    book.withLock { book in book.answered.indices.filter { !book.answered[$0] } }
  }

  /// The recorded call at `index`, for reports.
  func recorded(_ index: Int) -> RecordedCall<Call> {
    calls[index]
  }

  /// A recorded time in milliseconds as a duration, to the microsecond.
  static func duration(milliseconds: Double) -> Duration {
    .microseconds(Int64((milliseconds * 1_000).rounded()))
  }
}
