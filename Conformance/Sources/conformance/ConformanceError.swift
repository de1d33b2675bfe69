import Terminal

/// What can go wrong in the `conformance` command itself, in one line for the user.
enum ConformanceError: UserFacingError {
  /// The report could not be written to the file `--output` named.
  case cannotWrite(String, String)

  var userMessage: String {
    switch self {
    case .cannotWrite(let path, let reason): "cannot write the report to \(path): \(reason)"
    }
  }
}
