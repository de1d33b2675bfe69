import Loop

/// What a TestStore knows about its store at one moment: the trajectory of states with their
/// causes, the events queued, and every effect that is running and what it waits on.
///
/// No tasks and no locks: ``StoreMonitor`` keeps it in a `Mutex` and feeds it the store's
/// observations and the instruments' waits, in the order they happen. Every input bumps
/// ``version``, which is how waiters tell that something changed.
struct MonitorStateMachine<State: Sendable, Event: Sendable> {
  /// One reduced event and the state it produced; `states[index]` in the trajectory.
  struct Step {
    let event: Event
    let origin: EventOrigin
    let state: State
  }

  /// An effect task that has started and not ended.
  struct Activity {
    let record: EffectRun
    var waits: [Int: (kind: InstrumentWaitKind, description: String)] = [:]
    var isCancelled = false

    var isBlocked: Bool { !waits.isEmpty }
  }

  /// How an effect ended, kept for diagnostics.
  struct Ending {
    let record: EffectRun
    let outcome: EffectOutcome
  }

  /// A send the test made while an effect ran on its own, and the event that effect sent
  /// next, reduced after the send without the effect waiting on a test instrument in between:
  /// the two could as well have come in the other order.
  struct Race {
    /// The send, by ordinal among the test's sends.
    let send: Int
    /// The effect that was running, not waiting on a test instrument, when the send began.
    let effect: EffectRun
    /// The index in ``steps`` of the effect's next event.
    let step: Int
  }

  /// The initial state followed by the state after every reduced event.
  private(set) var states: [State]
  /// `steps[i]` caused `states[i + 1]`.
  private(set) var steps: [Step] = []
  private(set) var queuedEvents = 0
  private(set) var activities: [EffectRun: Activity] = [:]
  private(set) var endings: [Ending] = []
  private(set) var dropped: [(event: Event, origin: EventOrigin, reason: DropReason)] = []
  private(set) var version = 0
  /// Indices into ``steps`` of the events the test sent, in the order they were reduced.
  private(set) var userSteps: [Int] = []
  /// The step whose reduce started each effect; absent for effects the initial state started.
  private(set) var startedBy: [EffectRun: Int] = [:]
  /// Effects running on their own when a send began, with that send's ordinal, until they
  /// wait on an instrument, end, or send their next event.
  private var freeAtSend: [EffectRun: Int] = [:]
  /// Every race between a send of the test and an effect, in the order they were found.
  private(set) var races: [Race] = []

  init(initial: State) {
    states = [initial]
  }

  /// Quiet: nothing queued, and every running effect is waiting on a test instrument.
  var isQuiet: Bool {
    queuedEvents == 0 && activities.values.allSatisfy { $0.isBlocked }
  }

  var lastState: State {
    states[states.count - 1]
  }

  /// Which of the test's sends (by ordinal) step `index` follows from: itself, or the send
  /// that started the effect that sent it, and so on; `nil` when the chain begins at the
  /// initial state.
  func originatingSend(ofStep index: Int) -> Int? {
    var current = index
    var seen = Set<Int>()
    while seen.insert(current).inserted {
      switch steps[current].origin {
      case .user:
        return userSteps.firstIndex(of: current)
      case .effect(let record):
        guard let start = startedBy[record] else { return nil }
        current = start
      }
    }
    return nil
  }

  /// Which of the test's sends (by ordinal) the effect `record` follows from, if any.
  func originatingSend(of record: EffectRun) -> Int? {
    startedBy[record].flatMap(originatingSend(ofStep:))
  }

  /// Counts a change that is not an observation (a job became ready), so a caller that
  /// decided before it looks again.
  mutating func touch() {
    version += 1
  }

  mutating func observe(_ observation: StoreObservation<State, Event>) {
    version += 1
    switch observation {
    case .enqueued:
      queuedEvents += 1
    case .reduced(let transition):
      queuedEvents -= 1
      switch transition.origin {
      case .user:
        userSteps.append(steps.count)
      case .effect(let record):
        if let send = freeAtSend.removeValue(forKey: record) {
          races.append(Race(send: send, effect: record, step: steps.count))
        }
      }
      steps.append(
        Step(event: transition.event, origin: transition.origin, state: transition.state))
      states.append(transition.state)
    case .dropped(let event, let origin, let reason):
      if reason != .arrivedAfterCancel { queuedEvents -= 1 }
      dropped.append((event, origin, reason))
    case .effectStarted(let record):
      activities[record] = Activity(record: record)
      // Observed right after the reduce whose feedbacks started it: the last step.
      if !steps.isEmpty { startedBy[record] = steps.count - 1 }
    case .effectCancelled(let record):
      activities[record]?.isCancelled = true
    case .effectEnded(let record, let outcome):
      activities[record] = nil
      freeAtSend[record] = nil
      endings.append(Ending(record: record, outcome: outcome))
    }
  }

  mutating func waitBegan(
    _ id: Int, effect: EffectRun, kind: InstrumentWaitKind, description: String
  ) {
    version += 1
    // A wait from a task the effect left behind (an unstructured task) outlives the effect:
    // it is not the effect's, so it is not counted.
    activities[effect]?.waits[id] = (kind, description)
    // From here the effect goes on when the test releases the instrument, after its sends.
    freeAtSend[effect] = nil
  }

  /// Notes the effects running on their own as the test's send `ordinal` begins: whichever
  /// of them sends its next event without first waiting on an instrument raced that send.
  mutating func sendBegins(_ ordinal: Int) {
    for (record, activity) in activities where !activity.isBlocked && !activity.isCancelled {
      if freeAtSend[record] == nil { freeAtSend[record] = ordinal }
    }
  }

  mutating func waitEnded(_ id: Int, effect: EffectRun) {
    version += 1
    activities[effect]?.waits[id] = nil
  }

  /// Effects still running, in the order they started.
  var running: [Activity] {
    activities.values.sorted {
      ($0.record.feedbackIndex, $0.record.generation) < (
        $1.record.feedbackIndex, $1.record.generation
      )
    }
  }
}
