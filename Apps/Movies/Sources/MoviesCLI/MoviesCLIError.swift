import Terminal

/// What stops `movies` after it started, in one line for the user (exit status 1).
enum MoviesCLIError: UserFacingError, Equatable {
  /// `--source live` without a TMDB credential in the environment.
  case missingToken
  /// A page failed to load; the message is the feature's, naming the HTTP status.
  case pageFailed(page: Int, message: String)

  var userMessage: String {
    switch self {
    case .missingToken:
      "--source live needs a TMDB credential: set TMDB_API_KEY to a read access token "
        + "or a v3 API key"
    case .pageFailed(let page, let message):
      "failed to load page \(page): \(message)"
    }
  }
}
