/// The JSON body TMDB sends with an unsuccessful status.
///
/// `{"success": false, "status_code": 7, "status_message": "Invalid API key: ..."}`. Every
/// field is optional: `success` is often missing, and a proxy in front of TMDB may answer
/// with a body that has none of them.
struct TMDBErrorBody: Decodable, Equatable, Sendable {
  /// Always `false` when present.
  var success: Bool?
  /// TMDB's own error code, such as 7 (invalid API key) or 22 (invalid page).
  var statusCode: Int?
  /// TMDB's explanation, one sentence.
  var statusMessage: String?

  private enum CodingKeys: String, CodingKey {
    case success
    case statusCode = "status_code"
    case statusMessage = "status_message"
  }
}
