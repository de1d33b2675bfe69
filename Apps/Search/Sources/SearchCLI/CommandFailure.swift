import CommandLineParsing
import MovieCatalog

/// What the command reports as one line on standard error, exiting 1.
enum CommandFailure: Error, UserFacingError {
  /// The catalog failed, or cannot be used.
  case catalog(MovieCatalogError)
  /// A search failed; the message says why.
  case failed(String)
  /// Some queries read from standard input failed; each was reported already.
  case someQueriesFailed(Int)

  var userMessage: String {
    switch self {
    case .catalog(let error): error.userMessage
    case .failed(let message): message
    case .someQueriesFailed(let count): "\(count) quer\(count == 1 ? "y" : "ies") failed"
    }
  }
}
