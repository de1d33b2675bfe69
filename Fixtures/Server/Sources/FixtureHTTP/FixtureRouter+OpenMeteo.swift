import TrailsModel
import Weather

extension FixtureRouter {
  /// A request under `/v1/`: only `/v1/forecast` exists.
  func openMeteoResponse(for request: HTTPRequest) -> HTTPResponse {
    guard request.path == "/v1/forecast" else { return notFound() }
    let latitude: Double
    let longitude: Double
    switch (degrees(request, "latitude"), degrees(request, "longitude")) {
    case (nil, _): return badRequest("Parameter 'latitude' is required and must be a number.")
    case (_, nil): return badRequest("Parameter 'longitude' is required and must be a number.")
    case (let lat?, let lon?):
      latitude = lat
      longitude = lon
    }
    guard (-90...90).contains(latitude) else {
      return badRequest("Latitude must be in range of -90 to 90°. Given: \(latitude).")
    }
    guard (-180...180).contains(longitude) else {
      return badRequest("Longitude must be in range of -180 to 180°. Given: \(longitude).")
    }
    let path = WeatherService.fixturePath(
      for: Coordinate(latitude: latitude, longitude: longitude))
    guard let body = fixtures.data(path) else {
      return badRequest(
        "No fixture forecast for latitude \(latitude), longitude \(longitude) "
          + "(fixture-server looked for \(path)).")
    }
    return .json(status: 200, body: body)
  }

  /// The query item `name` as a finite number of degrees, or `nil`.
  private func degrees(_ request: HTTPRequest, _ name: String) -> Double? {
    guard let text = request.queryValue(name), let value = Double(text), value.isFinite else {
      return nil
    }
    return value
  }

  /// Open-Meteo's 400, `{"error":true,"reason":...}`.
  private func badRequest(_ reason: String) -> HTTPResponse {
    .json(status: 400, body: ErrorBody.openMeteo(reason: reason))
  }
}
