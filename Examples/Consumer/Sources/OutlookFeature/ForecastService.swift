/// Where forecasts come from: one request, and a subscription to a place's updates.
///
/// A struct of closures, so a test builds one from doubles (`ControlledWork`,
/// `ControlledStream`, a spy) and the app from a real client.
public struct ForecastService: Sendable {
  /// Asks for a place's forecast once.
  public var forecast: @Sendable (_ place: String) async throws -> Forecast
  /// Opens a subscription to a place's forecast: each element is a new forecast.
  public var updates:
    @Sendable (_ place: String) -> any AsyncSequence<Forecast, any Error> & Sendable

  /// Creates a service from its two operations.
  ///
  /// - Parameters:
  ///   - forecast: Asks for a place's forecast once.
  ///   - updates: Opens a subscription to a place's forecast.
  public init(
    forecast: @escaping @Sendable (_ place: String) async throws -> Forecast,
    updates:
      @escaping @Sendable (_ place: String) -> any AsyncSequence<Forecast, any Error>
      & Sendable
  ) {
    (self.forecast, self.updates) = (forecast, updates)
  }
}

/// Where the last place shown is kept between launches.
public struct PlaceStore: Sendable {
  /// The place saved last, or `nil` when none was.
  public var load: @Sendable () async throws -> String?
  /// Keeps `place` for the next launch.
  public var save: @Sendable (_ place: String) async throws -> Void

  /// Creates a place store from its two operations.
  ///
  /// - Parameters:
  ///   - load: Reads the place saved last.
  ///   - save: Keeps a place for the next launch.
  public init(
    load: @escaping @Sendable () async throws -> String?,
    save: @escaping @Sendable (_ place: String) async throws -> Void
  ) {
    (self.load, self.save) = (load, save)
  }
}
