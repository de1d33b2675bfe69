import CalendarDay
import Loop
import TrailsModel
import Weather

/// The trail planner: explore regions and trails, plan a trip by day, keep it between
/// launches, and see the weather at each planned trailhead.
///
/// Two tabs, each with a navigation path (selecting the current tab again pops it to its
/// root); deep links (``DeepLink``) that land on a region, a trail or the plan; a plan of trails
/// by day with totals by Naismith's rule. Persistence is a mechanism of feedbacks, and edits,
/// not snapshots, cross the process boundary: the plan is restored at launch before any edit
/// applies (edits that arrive meanwhile wait in ``Persistence/restoring(queuedEdits:)``); once
/// ``saveQuietWindow`` has passed without a change, the unwritten edits are written by one
/// ``PlanDatabase/update(_:)`` that applies them to the plan the database holds then, so another
/// process's edits are kept, and an edit that no longer applies is reported
/// (``Problem/changedElsewhere(_:)``). The planner adopts what the database returns, with the
/// edits made meanwhile applied on top. With a ``watchInterval`` it also checks the database's
/// revision on its clock and adopts a plan another process wrote. A failed write is shown
/// (``Persistence/saveError``) and retried on the next change; the plan in memory is never lost.
/// Each planned day's trailhead has its own forecast request, cancelled when the day or the
/// trail leaves the plan.
///
/// ```swift
/// let machine = Trails(
///   catalog: try TrailCatalog.fixtures(), database: .inMemory(), weather: .fixtures,
///   clock: ContinuousClock())
/// let store = Store(initial: machine.launchState(today: today), machine: machine)
/// store.send(.edit(.add(trailID: "gull-point-loop", day: 1)))
/// ```
public struct Trails: Machine {
  /// Every region and trail; the launch state carries it for the reducer.
  public let catalog: TrailCatalog
  /// Where the plan is restored from and saved to.
  public let database: any PlanDatabase
  /// Where forecasts come from.
  public let weather: WeatherService
  /// The clock the save's quiet window runs on.
  public let clock: any Clock<Duration>
  /// How long the plan must go unchanged before it is saved.
  public let saveQuietWindow: Duration
  /// How often to check the database for another process's writes; `nil`: never (a scripted
  /// command that ends when its own work is done).
  public let watchInterval: Duration?
  /// Which forecasts to ask for: all by default; a command asks only for what it prints.
  public let forecastRequests: ForecastRequests

  /// The days a plan may have: a trip of at most two weeks.
  public static let dayRange = 1...14

  /// Creates the planner.
  ///
  /// - Parameters:
  ///   - catalog: Every region and trail.
  ///   - database: Where the plan is kept between launches.
  ///   - weather: Where forecasts come from.
  ///   - clock: The clock the save's quiet window runs on.
  ///   - saveQuietWindow: How long the plan must go unchanged before it is saved; 500 ms by
  ///     default, `.zero` for scripted runs.
  ///   - watchInterval: How often to check the database for other processes' writes, on
  ///     `clock`; `nil` (the default) never checks.
  ///   - forecastRequests: Which forecasts to ask `weather` for; all by default.
  public init(
    catalog: TrailCatalog, database: any PlanDatabase, weather: WeatherService,
    clock: any Clock<Duration>, saveQuietWindow: Duration = .milliseconds(500),
    watchInterval: Duration? = nil, forecastRequests: ForecastRequests = .all
  ) {
    self.catalog = catalog
    self.database = database
    self.weather = weather
    self.clock = clock
    self.saveQuietWindow = saveQuietWindow
    self.watchInterval = watchInterval
    self.forecastRequests = forecastRequests
  }

  /// The state to start a store with: this catalog, nothing restored yet, and a new plan
  /// starting `today` in case nothing was saved.
  ///
  /// - Parameter today: The day a new plan starts on.
  /// - Returns: The launch state.
  public func launchState(today: Day) -> State {
    State(catalog: catalog, today: today)
  }

  /// The planner's transition function.
  public static let reducer = Reducer<State, Event> { state, event in
    state.reduce(event)
  }

  /// Restore at launch, a quiet window before writing, the write, one forecast per planned
  /// day's trail and the forecast of the trail on screen (each as ``forecastRequests``
  /// asks), and, with a ``watchInterval``, the watch for other processes' writes.
  public var feedbacks: [Feedback<State, Event>] {
    var feedbacks = [restoreFeedback, saveFeedback, writeFeedback]
    if forecastRequests.contains(.planned) { feedbacks.append(plannedForecastsFeedback) }
    if forecastRequests.contains(.shownTrail) { feedbacks.append(trailForecastFeedback) }
    return feedbacks + (watchInterval.map { [watchFeedback(every: $0)] } ?? [])
  }
}
