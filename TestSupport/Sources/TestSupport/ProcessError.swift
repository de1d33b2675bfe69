/// A child process that did not do what a test needed, in words.
public struct ProcessError: Error, CustomStringConvertible {
  /// What went wrong.
  public let description: String

  /// Creates an error.
  ///
  /// - Parameter description: What went wrong.
  public init(description: String) {
    self.description = description
  }
}
