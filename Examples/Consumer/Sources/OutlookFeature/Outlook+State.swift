extension Outlook {
  /// What the user sees: the place, its forecast, and what the outlook is doing.
  public struct State: Hashable, Sendable {
    /// The place as typed.
    public var query: String
    /// The place the forecast is for: restored at launch, or typed and debounced.
    public var place: String
    /// Whether the saved place was restored yet.
    public var restoration: Restoration
    /// What the forecast request is doing.
    public var load: Load
    /// The forecast shown.
    public var forecast: Forecast
    /// Whether the user follows the place's updates (a subscription while true).
    public var isWatching: Bool
    /// How many requests have started: each has an id of its own, so a refresh restarts one.
    public var requests: Int

    /// Creates a state; the default is the launch state: nothing restored, nothing shown.
    public init(
      query: String = "", place: String = "", restoration: Restoration = .pending,
      load: Load = .idle, forecast: Forecast = .unknown, isWatching: Bool = false,
      requests: Int = 0
    ) {
      (self.query, self.place, self.restoration) = (query, place, restoration)
      (self.load, self.forecast, self.isWatching, self.requests) =
        (load, forecast, isWatching, requests)
    }

    /// The place the updates feedback subscribes to: the shown place, while watching.
    public var watchedPlace: String? { isWatching && !place.isEmpty ? place : nil }
  }

  /// Whether the place saved by the last launch has been restored.
  public enum Restoration: Hashable, Sendable {
    /// Not asked for yet: the screen has not appeared.
    case pending
    /// Being read from the place store.
    case restoring
    /// Read (or found missing); never read again.
    case done
  }

  /// What the forecast request is doing: one case per phase.
  public enum Load: Hashable, Sendable {
    /// No request.
    case idle
    /// Waiting out the debounce for a typed place.
    case debouncing(String)
    /// A request in flight.
    case loading(Request)
    /// The last request failed, with one line for the user.
    case failed(String)

    /// The place waiting out the debounce, if any: what the debounce feedback watches.
    public var debouncing: String? { if case .debouncing(let place) = self { place } else { nil } }
    /// The request in flight, if any: what the load feedback watches.
    public var request: Request? { if case .loading(let request) = self { request } else { nil } }
  }

  /// One forecast request: a place, and an id that makes every request a new one.
  public struct Request: Hashable, Sendable {
    /// The place asked for.
    public var place: String
    /// The request's number, from 1.
    public var id: Int

    /// Creates a request.
    public init(place: String, id: Int) {
      (self.place, self.id) = (place, id)
    }
  }

  /// What can happen: the user's input, and the answers the feedbacks send back.
  public enum Event: Hashable, Sendable {
    /// The screen appeared: restore the saved place once.
    case appeared
    /// The place store answered with the saved place, or `nil`.
    case restored(String?)
    /// The user typed in the place field.
    case placeChanged(String)
    /// The typed place stayed unchanged for the debounce.
    case debounced(String)
    /// The user asked for the forecast again.
    case refresh
    /// The request answered.
    case loaded(Forecast)
    /// The request failed, with one line for the user.
    case failed(String)
    /// The user turned following the place's updates on or off.
    case watch(Bool)
    /// The subscription sent a new forecast.
    case updated(Forecast)
  }
}
