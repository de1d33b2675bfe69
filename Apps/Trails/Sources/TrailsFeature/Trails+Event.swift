import TrailsModel
import Weather

extension Trails {
  /// What can happen to the planner: the user's requests and the answers of its effects.
  public enum Event: Hashable, Sendable {
    /// The user selects a tab; selecting the tab on screen pops it to its root.
    case select(Tab)
    /// The user opens a route in the tab on screen.
    case show(Route)
    /// The user goes back one step in the tab on screen.
    case back
    /// The user opens a deep link, as typed (``DeepLink``).
    case open(String)
    /// The user edits the plan.
    case edit(PlanEdit)
    /// The saved plan was read: `nil` when none was ever saved.
    case restored(Plan?)
    /// Reading the saved plan failed, with one line for the user.
    case restoreFailed(String)
    /// A revision of the plan was saved.
    case saved(PlanRevision)
    /// Saving a revision failed, with one line for the user.
    case saveFailed(revision: Int, message: String)
    /// A planned day's trailhead forecast arrived.
    case forecastLoaded(ForecastKey, Forecast)
    /// A planned day's trailhead forecast failed, with one line for the user.
    case forecastFailed(ForecastKey, String)
    /// The forecast of the trail on screen arrived.
    case trailForecastLoaded(trailID: String, Forecast)
    /// The forecast of the trail on screen failed, with one line for the user.
    case trailForecastFailed(trailID: String, String)
  }
}
