import Foundation

/// Error bodies in the real APIs' shapes, for the cases the fixtures have no file for.
enum ErrorBody {
  /// TMDB's error fixtures by HTTP status.
  static let tmdbFixtures: [Int: String] = [
    400: "movies/errors/400-invalid-page.json",
    401: "movies/errors/401-invalid-key.json",
    404: "movies/errors/404-not-found.json",
    429: "movies/errors/429-rate-limit.json",
    500: "movies/errors/500-internal.json",
    503: "movies/errors/503-unavailable.json",
    504: "movies/errors/504-timeout.json",
  ]

  /// A TMDB-shaped error body, `{"status_message":"...","success":false}`.
  ///
  /// It has no `status_code`: those are TMDB's own numbers, and inventing one would tell a
  /// client something TMDB never said.
  static func tmdb(message: String) -> [UInt8] {
    struct Body: Encodable {
      let success = false
      let statusMessage: String

      enum CodingKeys: String, CodingKey {
        case success
        case statusMessage = "status_message"
      }
    }
    return encode(Body(statusMessage: message))
  }

  /// An Open-Meteo error body, `{"error":true,"reason":"..."}`.
  static func openMeteo(reason: String) -> [UInt8] {
    struct Body: Encodable {
      let error = true
      let reason: String
    }
    return encode(Body(reason: reason))
  }

  /// `value` as compact JSON with sorted keys (so bodies are the same every run).
  private static func encode(_ value: some Encodable) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Encoding a struct of strings and booleans cannot fail; the fallback only keeps the
    // server answering if that ever changed.
    guard let data = try? encoder.encode(value) else { return Array("{}".utf8) }
    return Array(data)
  }
}
