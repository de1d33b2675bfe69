import CommandLineParsing

/// A command that could not be carried out: one line on stderr, exit status 1.
struct CommandFailure: UserFacingError, CustomStringConvertible {
  /// The line for the user.
  let userMessage: String

  init(_ userMessage: String) {
    self.userMessage = userMessage
  }

  var description: String { userMessage }
}
