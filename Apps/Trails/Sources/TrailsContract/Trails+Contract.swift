import LoopContracts
import TrailsFeature
import TrailsModel
import Weather

// The contract lives in its own module so the `trails` executable, which links only
// TrailsFeature, does not link the test frameworks LoopTesting reports through.

extension Trails {
  /// The planner's specification: its state diagram, rows, invariants, scenarios and alphabet.
  ///
  /// The phases are where persistence stands (restoring, restore failed, saved, unsaved, save
  /// failed); navigation and forecasts move within a phase.
  public static let contract = Contract<Trails>(
    name: "trails",
    // Launch, and a restored plan with two days, so exploration starts deep in both.
    initialStates: [
      TrailsSamples.launch,
      TrailsSamples.restored(TrailsSamples.plan([TrailsSamples.gull], [TrailsSamples.cinder])),
    ],
    phase: phase,
    eventKind: kind,
    table: table,
    examples: examples,
    invariants: invariants,
    scenarios: persistenceScenarios + navigationScenarios + forecastScenarios,
    alphabet: alphabet,
    makeMachine: {
      Trails(
        catalog: TrailsSamples.catalog, store: .inMemory(), weather: .fixtures,
        clock: ContinuousClock())
    })

  /// The phase a state is in: where persistence stands.
  static func phase(_ state: State) -> String {
    switch state.restore {
    case .pending: "restoring"
    case .failed: "restoreFailed"
    case .done where state.saveError != nil: "saveFailed"
    case .done where state.isSaved: "saved"
    case .done: "unsaved"
    }
  }

  /// The kind of an event: the labels of the diagram's arrows.
  static func kind(_ event: Event) -> String {
    switch event {
    case .select: "select"
    case .show: "show"
    case .back: "back"
    case .open: "open"
    case .edit(let edit): editKind(edit)
    case .restored: "restored"
    case .restoreFailed: "restoreFailed"
    case .saved: "saved"
    case .saveFailed: "saveFailed"
    case .forecastLoaded: "forecastLoaded"
    case .forecastFailed: "forecastFailed"
    case .trailForecastLoaded: "trailForecastLoaded"
    case .trailForecastFailed: "trailForecastFailed"
    }
  }

  private static func editKind(_ edit: PlanEdit) -> String {
    switch edit {
    case .add: "add"
    case .remove: "remove"
    case .move: "move"
    case .removeDay: "removeDay"
    case .setStart: "setStart"
    case .clear: "clear"
    }
  }

  static let table: [Move] = {
    let phases = ["restoring", "restoreFailed", "saved", "unsaved", "saveFailed"]
    let navigation = [
      "select", "show", "back", "open", "forecastLoaded", "forecastFailed",
      "trailForecastLoaded", "trailForecastFailed",
    ]
    let edits = ["add", "remove", "move", "removeDay", "setStart", "clear"]
    var moves: [Move] = []
    // Navigation and forecasts never move persistence; nor does a late or stale answer.
    for phase in phases {
      moves += navigation.map { Move(phase, on: $0, to: phase) }
    }
    for phase in phases where phase != "restoring" {
      moves += [
        Move(phase, on: "restored", to: phase), Move(phase, on: "restoreFailed", to: phase),
      ]
    }
    for phase in ["restoring", "restoreFailed", "saved", "unsaved", "saveFailed"] {
      moves += [Move(phase, on: "saved", to: phase), Move(phase, on: "saveFailed", to: phase)]
    }
    for edit in edits {
      moves += [
        // Queued while restoring; in memory only once the restore failed.
        Move("restoring", on: edit, to: "restoring"),
        Move("restoreFailed", on: edit, to: "restoreFailed"),
        // A change makes the plan unsaved; a rejected or empty one changes nothing.
        Move("saved", on: edit, to: "unsaved"),
        Move("saved", on: edit, to: "saved"),
        Move("unsaved", on: edit, to: "unsaved"),
        // A failure stays on screen until a save succeeds; the next change retries.
        Move("saveFailed", on: edit, to: "saveFailed"),
      ]
    }
    return moves + [
      Move("restoring", on: "restored", to: "saved"),
      Move("restoring", on: "restored", to: "unsaved"),
      Move("restoring", on: "restoreFailed", to: "restoreFailed"),
      Move("unsaved", on: "saved", to: "saved"),
      Move("unsaved", on: "saveFailed", to: "saveFailed"),
      Move("saveFailed", on: "saved", to: "saved"),
    ]
  }()
}
