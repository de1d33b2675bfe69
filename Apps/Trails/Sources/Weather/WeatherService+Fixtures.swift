import Fixtures
import Foundation
import TrailsModel

extension WeatherService {
  /// Forecasts from the bundled fixtures, `weather/forecast-<lat>_<lon>.json`.
  ///
  /// The file is chosen by ``fixturePath(for:)``. A coordinate with no fixture fails like
  /// Open-Meteo refusing it: ``WeatherError/badRequest(_:)`` saying there is no fixture
  /// forecast there.
  public static let fixtures = WeatherService { coordinate in
    let path = fixturePath(for: coordinate)
    do throws(FixtureError) {
      return try Fixtures.decode(Forecast.self, from: path)
    } catch {
      switch error {
      case .missing:
        throw WeatherError.badRequest(
          "no fixture forecast for latitude \(coordinate.latitude), longitude "
            + "\(coordinate.longitude) (looked for \(path))")
      case .unreadable(_, let reason), .undecodable(_, let reason):
        throw WeatherError.decoding("\(path): \(reason)")
      }
    }
  }

  /// A service whose every request throws `error`.
  ///
  /// - Parameter error: What every call throws, such as ``WeatherError/rateLimited``.
  /// - Returns: A service that always fails.
  public static func failing(_ error: any Error) -> WeatherService {
    WeatherService { _ in throw error }
  }

  /// The fixture holding the forecast for `coordinate`: the one place that names them.
  ///
  /// `weather/forecast-<lat>_<lon>.json`, each degree value rounded half away from zero to
  /// two decimals (about a kilometre) and written with exactly two: the trailhead
  /// (44.6231, -124.0612) is `weather/forecast-44.62_-124.06.json`. Negative zero is written
  /// `0.00`.
  ///
  /// - Parameter coordinate: A trailhead or any other point.
  /// - Returns: A path relative to the fixtures' `Resources/`.
  public static func fixturePath(for coordinate: Coordinate) -> String {
    func twoDecimals(_ degrees: Double) -> String {
      let rounded = (degrees * 100).rounded(.toNearestOrAwayFromZero) / 100
      // A Double, not the literal: a `0` in `String(format:)`'s arguments is passed as an Int.
      let unsignedZero: Double = rounded == 0 ? 0 : rounded
      return String(format: "%.2f", unsignedZero)
    }
    return "weather/forecast-\(twoDecimals(coordinate.latitude))_"
      + "\(twoDecimals(coordinate.longitude)).json"
  }
}
