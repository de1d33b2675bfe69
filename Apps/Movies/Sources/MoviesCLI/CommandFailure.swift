import CommandLineParsing
import MovieCatalog

/// What stops `movies` after it started, in one line for the user (exit status 1).
enum CommandFailure: UserFacingError, Equatable {
  /// `--source live` without a TMDB credential in the environment.
  case missingToken
  /// A page failed to load; the message is the feature's, naming the HTTP status.
  case pageFailed(page: Int, message: String)

  var userMessage: String {
    switch self {
    case .missingToken:
      // The same words as movie-search's.
      MovieCatalogError.missingToken.userMessage
    case .pageFailed(let page, let message):
      "failed to load page \(page): \(message)"
    }
  }
}
