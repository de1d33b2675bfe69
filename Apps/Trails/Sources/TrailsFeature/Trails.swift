import Loop
import TrailsModel
import Weather

/// The trail planner: explore regions and trails, plan a trip by day, keep it between
/// launches, and see the weather at each planned trailhead.
///
/// Two tabs, each with a navigation path (selecting the current tab again pops it to its
/// root); deep links (``DeepLink``) that land on a region, a trail or the plan; a plan of trails
/// by day with totals by Naismith's rule. Persistence is a mechanism of feedbacks: the plan is
/// restored at launch before any edit applies (edits that arrive meanwhile wait in
/// ``State/queuedEdits``), then saved after every change once ``saveQuietWindow`` has passed
/// without another one, so a burst of edits is one save. A failed save is shown
/// (``State/saveError``) and retried on the next change; the plan in memory is never lost.
/// Each planned day's trailhead has its own forecast request, cancelled when the day or the
/// trail leaves the plan.
///
/// ```swift
/// let machine = Trails(
///   catalog: try TrailCatalog.fixtures(), store: .inMemory(), weather: .fixtures,
///   clock: ContinuousClock())
/// let store = Store(initial: machine.launchState(today: today), machine: machine)
/// store.send(.edit(.add(trailID: "gull-point-loop", day: 1)))
/// ```
public struct Trails: Machine {
  /// Every region and trail; the launch state carries it for the reducer.
  public let catalog: TrailCatalog
  /// Where the plan is restored from and saved to.
  public let store: TrailStore
  /// Where forecasts come from.
  public let weather: WeatherService
  /// The clock the save's quiet window runs on.
  public let clock: any Clock<Duration>
  /// How long the plan must go unchanged before it is saved.
  public let saveQuietWindow: Duration

  /// The days a plan may have: a trip of at most two weeks.
  public static let dayRange = 1...14

  /// Creates the planner.
  ///
  /// - Parameters:
  ///   - catalog: Every region and trail.
  ///   - store: Where the plan is kept between launches.
  ///   - weather: Where forecasts come from.
  ///   - clock: The clock the save's quiet window runs on.
  ///   - saveQuietWindow: How long the plan must go unchanged before it is saved; 500 ms by
  ///     default, `.zero` for scripted runs.
  public init(
    catalog: TrailCatalog, store: TrailStore, weather: WeatherService,
    clock: any Clock<Duration>, saveQuietWindow: Duration = .milliseconds(500)
  ) {
    self.catalog = catalog
    self.store = store
    self.weather = weather
    self.clock = clock
    self.saveQuietWindow = saveQuietWindow
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

  /// Four feedbacks: restore at launch, save after a quiet window, one forecast per planned
  /// day's trail, and the forecast of the trail on screen.
  public var feedbacks: [Feedback<State, Event>] {
    [restoreFeedback, saveFeedback, plannedForecastsFeedback, trailForecastFeedback]
  }
}
