import Foundation

/// How the live client authenticates, decided by the shape of the token it was given.
///
/// - A 32-character hexadecimal string is a v3 API key: sent as the `api_key` query item.
/// - Anything else that is not empty is treated as a read access token (a JWT, which
///   contains dots): sent as `Authorization: Bearer <token>`. A token of neither shape is sent
///   as a bearer token too, so TMDB's own 401 message explains what is wrong with it.
/// - An empty token (after trimming whitespace, which a token read from a file or an
///   environment variable often carries) is no credential: every call throws
///   ``MovieCatalogError/missingToken`` without touching the network.
enum TMDBCredential: Equatable, Sendable {
  /// A v3 API key, sent as the `api_key` query item.
  case apiKey(String)
  /// A read access token, sent in an `Authorization: Bearer` header.
  case readAccessToken(String)
  /// No token was given.
  case missing

  /// Classifies `token` by its shape.
  ///
  /// - Parameter token: What the user configured, such as the value of `TMDB_API_KEY`.
  init(token: String) {
    let token = token.trimmingCharacters(in: .whitespacesAndNewlines)
    if token.isEmpty {
      self = .missing
    } else if token.count == 32, token.allSatisfy({ $0.isASCII && $0.isHexDigit }) {
      self = .apiKey(token)
    } else {
      self = .readAccessToken(token)
    }
  }
}
