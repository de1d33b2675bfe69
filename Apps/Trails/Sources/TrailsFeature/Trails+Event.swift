import TrailsModel
import Weather

extension Trails {
  /// What can happen to the planner: the user's requests and the answers of its effects.
  public enum Event: Hashable, Sendable, Codable {
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
    /// The stored plan was read: `nil` when none was ever stored.
    case restored(StoredPlan?)
    /// Reading the stored plan failed, with one line for the user.
    case restoreFailed(String)
    /// The quiet window after the last edit passed: the pending edits may be written.
    case writeDue(PendingWrite)
    /// The edits were written: the database now holds `stored`; `rejected` are the problems of
    /// the edits that no longer applied to the plan the database held (changed elsewhere).
    case written(PendingWrite, stored: StoredPlan, rejected: [Problem])
    /// Writing the edits failed, with one line for the user.
    case writeFailed(PendingWrite, message: String)
    /// Another process changed the stored plan: it holds `stored` now.
    case storeChanged(StoredPlan?)
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
