import LoopContracts
import TrailsFeature
import TrailsModel
import Weather

// The contract lives in its own module so the `trails` executable, which links only
// TrailsFeature, does not link the test frameworks LoopTesting reports through.

extension Trails: Contracted {
  /// The planner's specification: its state diagram, rows, invariants, scenarios and alphabet.
  ///
  /// The phases are where persistence stands (restoring, restore failed, saved, unsaved,
  /// writing, save failed); navigation and forecasts move within a phase.
  public static let contract = Contract(
    name: "trails",
    // Launch, and a restored plan with two days, so exploration starts deep in both.
    initialStates: [
      TrailsSamples.launch,
      TrailsSamples.restored(TrailsSamples.plan([TrailsSamples.gull], [TrailsSamples.cinder])),
    ],
    phase: { state in
      switch state.persistence {
      case .restoring: .restoring
      case .restoreFailed: .restoreFailed
      case .ready(let ready) where ready.writing != nil: .writing
      case .ready(let ready) where ready.failure != nil: .saveFailed
      case .ready(let ready) where ready.isSaved: .saved
      case .ready: .unsaved
      }
    },
    kind: { event in
      // An edit is named by what it does, so the diagram shows each kind of edit.
      switch event {
      case .select: .select
      case .show: .show
      case .back: .back
      case .open: .open
      case .edit(.add): .add
      case .edit(.remove): .remove
      case .edit(.move): .move
      case .edit(.removeDay): .removeDay
      case .edit(.setStart): .setStart
      case .edit(.clear): .clear
      case .restored: .restored
      case .restoreFailed: .restoreFailed
      case .writeDue: .writeDue
      case .written: .written
      case .writeFailed: .writeFailed
      case .storeChanged: .storeChanged
      case .forecastLoaded: .forecastLoaded
      case .forecastFailed: .forecastFailed
      case .trailForecastLoaded: .trailForecastLoaded
      case .trailForecastFailed: .trailForecastFailed
      }
    },
    table: table,
    examples: examples,
    invariants: invariants,
    laws: laws,
    roundTrips: roundTrips,
    scenarios: persistenceScenarios + sqliteScenarios + navigationScenarios + forecastScenarios
      + weatherScenarios + calendarScenarios + directEditScenarios,
    equivalentMutants: [
      .deliversEffectEventsTwice:
        "every answer names what it answers (the write pending or in flight, the stored "
        + "revision, a forecast key or trail still loading) and the reducer applies it only "
        + "while that is outstanding, which the first copy ends"
    ],
    alphabet: alphabet,
    makeMachine: {
      Trails(
        catalog: TrailsSamples.catalog, database: .inMemory(), weather: .fixtures,
        clock: ContinuousClock())
    })

  /// Where persistence stands: the nodes of the diagram.
  public enum Phase: CaseIterable, Sendable {
    case restoring, restoreFailed, saved, unsaved, writing, saveFailed
  }

  /// The kinds of event: one per case of ``Event``, with `edit` split by kind of edit.
  public enum Kind: String, CaseIterable, Sendable {
    case select, show, back, open, restored, restoreFailed, writeDue, written, writeFailed
    case storeChanged, forecastLoaded, forecastFailed, trailForecastLoaded, trailForecastFailed
    case add, remove, move, removeDay, setStart, clear

    /// Navigation and forecasts: they never move persistence.
    static let navigation: [Kind] = [
      .select, .show, .back, .open, .forecastLoaded, .forecastFailed, .trailForecastLoaded,
      .trailForecastFailed,
    ]
    /// The edits of the plan.
    static let edits: [Kind] = [.add, .remove, .move, .removeDay, .setStart, .clear]
    /// What the user asks for: browsing and the edits.
    static let requests: [Kind] = [.select, .show, .back, .open] + edits
  }

  static let table: [Move<Phase, Kind>] = {
    var moves: [Move<Phase, Kind>] = []
    // Navigation and forecasts never move persistence; nor does a late or stale answer, nor
    // another process's write seen while restoring or writing (the write brings a newer one).
    for kind in Kind.navigation + [.writeDue, .written, .writeFailed, .storeChanged] {
      moves += Move.staysInEveryPhase(on: kind)
    }
    for phase in Phase.allCases where phase != .restoring {
      moves += [Move(phase, on: .restored, to: phase), Move(phase, on: .restoreFailed, to: phase)]
    }
    for edit in Kind.edits {
      moves += [
        // Queued while restoring; in memory only once the restore failed.
        Move(.restoring, on: edit, to: .restoring),
        Move(.restoreFailed, on: edit, to: .restoreFailed),
        // A change makes the plan unsaved; a rejected or empty one changes nothing.
        Move(.saved, on: edit, to: .unsaved),
        Move(.saved, on: edit, to: .saved),
        Move(.unsaved, on: edit, to: .unsaved),
        // An edit during a write waits for the next one.
        Move(.writing, on: edit, to: .writing),
        // A failure stays on screen until a write succeeds; the next change retries.
        Move(.saveFailed, on: edit, to: .saveFailed),
      ]
    }
    return moves + [
      Move(.restoring, on: .restored, to: .saved),
      Move(.restoring, on: .restored, to: .unsaved),
      Move(.restoring, on: .restoreFailed, to: .restoreFailed),
      // The quiet window passed: the edits go to the store (after a failure, once changed).
      Move(.unsaved, on: .writeDue, to: .writing),
      Move(.saveFailed, on: .writeDue, to: .writing),
      // Edits made during the write apply on top of what it stored.
      Move(.writing, on: .written, to: .saved),
      Move(.writing, on: .written, to: .unsaved),
      Move(.writing, on: .writeFailed, to: .saveFailed),
      // Another process's plan: the unwritten edits apply on top; some may no longer apply,
      // and a stored plan that needs tidying needs a write.
      Move(.saved, on: .storeChanged, to: .unsaved),
      Move(.unsaved, on: .storeChanged, to: .saved),
      Move(.saveFailed, on: .storeChanged, to: .saved),
    ]
  }()
}
