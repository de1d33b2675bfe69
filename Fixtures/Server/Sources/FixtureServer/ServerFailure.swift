/// The server stopped on its own while serving: its listening socket failed.
struct ServerFailure: Error, CustomStringConvertible {
  /// What failed.
  let reason: String

  var description: String {
    "the server stopped: \(reason)"
  }
}
