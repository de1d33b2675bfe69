/// Why a recording file cannot be read, replayed or written: the file, the step (when one is
/// to blame) and what is wrong, in one line.
///
/// ```text
/// s.json: step 4: state.status: expected a value of type String, found a number
/// s.json: is a recording of movies, not of movie-search
/// ```
public struct RecordingFileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file, as it was named.
  public let path: String
  /// Where in the file: "step 4", "call 2", "the initial state"; `nil` for the whole file.
  public let location: String?
  /// What is wrong.
  public let reason: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - location: The part of the file at fault, if one is.
  ///   - reason: What is wrong.
  public init(path: String, location: String? = nil, reason: String) {
    self.path = path
    self.location = location
    self.reason = reason
  }

  /// `path: location: reason`.
  public var description: String {
    [path, location, reason].compactMap { $0 }.joined(separator: ": ")
  }
}
