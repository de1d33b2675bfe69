import AppCLI
import CommandLineParsing
import Loop
import TrailsFeature
import TrailsModel
import TrailsRecording

/// One command's run of the planner: the store, and the waits the command needs.
struct PlannerRun {
  let store: Store<Trails.State, Trails.Event>
  /// The forecasts the planner asks for: those ``forecastsSettled()`` waits for.
  let forecastRequests: Trails.ForecastRequests

  /// Starts a store on the launch state with the command's `requests` already reduced; it
  /// watches the database for other processes' writes every `watchInterval` when given.
  ///
  /// The requests are reduced before the store starts, so the restore (the one effect at
  /// launch) begins after them: an edit waits in the queue and is applied to the saved plan,
  /// and a link's problem is known at once.
  ///
  /// The planner asks only for `forecasts`; by default, for those the screen the requests
  /// lead to shows (``Trails/ForecastRequests/shown(in:)``): a command makes no request
  /// whose answer it does not print.
  ///
  /// - Throws: ``CommandFailure`` when a request was refused (a problem in the state).
  init(
    _ composition: Composition, saveQuietWindow: Duration = .zero,
    watchInterval: Duration? = nil, requests: [Trails.Event] = [],
    forecasts: Trails.ForecastRequests? = nil
  ) throws {
    var launch = Trails.State(catalog: composition.catalog, today: composition.today)
    for request in requests {
      Trails.reducer(&launch, request)
    }
    if let problem = launch.problem {
      throw CommandFailure(Self.withSuggestion(problem, in: composition.catalog))
    }
    let forecastRequests = forecasts ?? .shown(in: launch)
    self.forecastRequests = forecastRequests
    let recording = try composition.recording.path.map { path in
      try CommandRecording<Trails.State, Trails.Event, TrailsCall>(
        path: path, app: TrailsCommand.spec.name,
        settings: Trails.recordingSettings(
          saveQuietWindow: saveQuietWindow, watchInterval: watchInterval,
          forecastRequests: forecastRequests),
        initialState: launch)
    }
    composition.recording.recording = recording
    let machine = composition.machine(
      saveQuietWindow: saveQuietWindow, watchInterval: watchInterval,
      forecastRequests: forecastRequests, recorder: recording?.recorder)
    self.store = recording.store(running: machine, initial: launch)
  }

  /// `problem`'s line, with "did you mean" for an id close to one the catalog has.
  static func withSuggestion(_ problem: Trails.Problem, in catalog: TrailCatalog) -> String {
    let suggestion: String? =
      switch problem {
      case .unknownTrail(let id): Suggestion.closest(to: id, among: catalog.trails.map(\.id))
      case .unknownRegion(let id):
        Suggestion.closest(to: id, among: catalog.regions.map(\.id))
      default: nil
      }
    return problem.message + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
  }

  /// The first state, from now on, that satisfies `predicate` (the last one if the store
  /// ends first).
  func first(where predicate: (Trails.State) -> Bool) async -> Trails.State {
    await store.first(where: predicate) ?? store.state
  }

  /// The state once the saved plan is restored and the queued edits applied.
  ///
  /// - Throws: ``CommandFailure`` when the restore failed or a queued edit was refused.
  func restored() async throws -> Trails.State {
    let state = await first { !$0.persistence.isRestoring }
    if let message = state.persistence.restoreError { throw CommandFailure(message) }
    if let problem = state.problem { throw CommandFailure(problem.message) }
    return state
  }

  /// The state once the plan as it is now is saved.
  ///
  /// - Throws: ``CommandFailure`` with the write's error when it failed, or with the problem
  ///   when the edit no longer applied to the plan as another process had changed it.
  func saved() async throws -> Trails.State {
    let state = await first { $0.isSaved || $0.persistence.saveError != nil }
    if let error = state.persistence.saveError {
      throw CommandFailure("the plan was not saved: \(error)")
    }
    if let problem = state.problem { throw CommandFailure(problem.message) }
    return state
  }

  /// The state once every forecast the planner asked for has its answer.
  func forecastsSettled() async -> Trails.State {
    await first { [forecastRequests] in $0.forecastsSettled(forecastRequests) }
  }

  /// Stops every effect.
  func end() {
    store.cancel()
  }
}
