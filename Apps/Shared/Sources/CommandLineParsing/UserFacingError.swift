/// An error that knows the one line to show the user.
///
/// `CLI.run(_:)` prints `error: ` and ``userMessage`` on standard error and exits with
/// `ExitCode.failure`, never a stack trace. Conform the errors an app expects (a network
/// failure, a bad file) and write the message for the person at the terminal:
///
/// ```swift
/// extension CatalogError: UserFacingError {
///   var userMessage: String { "the movie service rejected the API key (HTTP 401)" }
/// }
/// ```
public protocol UserFacingError: Error {
  /// What went wrong, in one line, without an `error:` prefix.
  ///
  /// Keep it to one sentence that names the cause and, where there is one, the fix.
  var userMessage: String { get }
}
