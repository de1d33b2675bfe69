/// The one fixture set: the forecasts tests, previews and offline runs all use.
public enum Fixtures {
  /// Each known place's forecast.
  public static let forecasts: [String: Forecast] = [
    "Harrow": .sunny,
    "Gull Point": .rain,
    "Ironvale": .cloudy,
  ]

  /// The place a first launch restores.
  public static let savedPlace = "Harrow"
}

extension ForecastService {
  /// Answers from ``Fixtures/forecasts`` at once.
  ///
  /// An unknown place throws ``ForecastError/unknownPlace(_:)``. A subscription sends the
  /// place's forecast once and ends.
  public static let fixtures = ForecastService(
    forecast: { place in
      guard let forecast = Fixtures.forecasts[place] else {
        throw ForecastError.unknownPlace(place)
      }
      return forecast
    },
    updates: { place in
      AsyncThrowingStream<Forecast, any Error> { continuation in
        if let forecast = Fixtures.forecasts[place] { continuation.yield(forecast) }
        continuation.finish()
      }
    })
}

extension PlaceStore {
  /// Restores ``Fixtures/savedPlace`` and keeps nothing.
  public static let fixtures = PlaceStore(load: { Fixtures.savedPlace }, save: { _ in })
}
