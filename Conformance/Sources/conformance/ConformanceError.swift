import CommandLineParsing

/// What can go wrong in the `conformance` command itself, in one line for the user.
enum ConformanceError: UserFacingError {
  /// The report could not be written to the file `--output` named.
  case cannotWrite(String, String)
  /// A report given to `merge` could not be read.
  case cannotRead(String, String)
  /// The reports given to `merge` are not the shards of one run, or not reports.
  case cannotMerge(String)
  /// The HTML report's diagrams could not be laid out.
  case cannotDraw(String)
  /// The file `view` or `export-test` was to write exists, and `--force` was not given.
  case outputExists(String)
  /// The file `view` or `export-test` was to write could not be written.
  case cannotWriteFile(String, String)

  var userMessage: String {
    switch self {
    case .cannotWrite(let path, let reason): "cannot write the report to \(path): \(reason)"
    case .cannotRead(let path, let reason): "cannot read the report \(path): \(reason)"
    case .cannotMerge(let reason): "cannot merge: \(reason)"
    case .cannotDraw(let reason): "cannot draw the HTML report's diagrams: \(reason)"
    case .outputExists(let path): "\(path) exists; give --force to replace it"
    case .cannotWriteFile(let path, let reason): "cannot write \(path): \(reason)"
    }
  }
}
