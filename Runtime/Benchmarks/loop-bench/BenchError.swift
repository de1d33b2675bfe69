/// A failure that stops the benchmark, with a message for stderr.
struct BenchError: Error, CustomStringConvertible {
  /// What went wrong.
  var description: String

  /// Creates an error with `description`.
  init(_ description: String) {
    self.description = description
  }
}
