import Foundation

/// `--record FILE`, declared and checked the same way in every app: write the run as a
/// session file that `conformance --replay FILE` replays.
///
/// The file is written when the command ends (also when it fails or is interrupted), so it
/// is checked up front: a `FILE` that is a directory, or in a folder that does not exist, is
/// a usage error before anything runs.
///
/// ```swift
/// let spec = CommandSpec(name: "movie-search", abstract: "...", options: [RecordOption.option])
/// let path = try RecordOption.path(in: parsed)  // nil without --record
/// ```
public enum RecordOption {
  /// The option, for a spec's option list.
  public static let option = Option.value(
    "record", valueName: "FILE",
    help: "Write the session (events, calls, states) to FILE, for conformance --replay")

  /// The file `--record` names, checked; `nil` when the option is not given.
  ///
  /// - Parameter arguments: The parsed command line, whose spec has ``option``.
  /// - Returns: The path.
  /// - Throws: ``UsageError`` for an empty path, a directory, or a missing folder.
  public static func path(in arguments: ParsedArguments) throws(UsageError) -> String? {
    guard let path = arguments.value("record") else { return nil }
    var isDirectory: ObjCBool = false
    if path.isEmpty || path.hasSuffix("/")
      || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        && isDirectory.boolValue)
    {
      throw UsageError("--record needs a file, got \"\(path)\"", usage: arguments.usage)
    }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw UsageError(
        "--record \(path): the folder \(folder) does not exist", usage: arguments.usage)
    }
    return path
  }
}
