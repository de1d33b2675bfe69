/// Open-Meteo's error body: `{"error": true, "reason": "..."}`.
struct OpenMeteoErrorBody: Decodable {
  /// Always `true` in an error body.
  var error: Bool
  /// What was wrong with the request, in Open-Meteo's words.
  var reason: String
}
