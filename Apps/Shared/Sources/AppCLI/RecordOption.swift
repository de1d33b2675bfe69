import CommandLineParsing
import Foundation
import Terminal

/// `--record FILE`, declared and checked the same way in every app: write the run as a
/// recording file that `conformance --replay FILE` replays.
///
/// The file is written when the command ends (also when it fails or is interrupted), so it
/// is checked up front: a `FILE` that is not a regular file (a folder, a device, a FIFO, a
/// socket, or a symlink to one), or in a folder that does not exist, is a usage error before
/// anything runs. The write itself replaces the file atomically.
///
/// ```swift
/// struct Arguments: CommandArguments {
///   let record = RecordOption()
/// }
/// static func recordPath(_ arguments: Parsed<Arguments>) throws -> String? {
///   try arguments.record  // nil without --record
/// }
/// ```
public struct RecordOption: ArgumentDeclaration, SpecEntry {
  /// The option, as the spec lists it.
  public let option = Option.value(
    "record", valueName: "FILE",
    help: "Write the recording (events, calls, states) to FILE, for conformance --replay")

  /// Declares `--record FILE`.
  public init() {}

  /// The file `--record` names, checked; `nil` when the option is not given.
  ///
  /// A regular file is replaced when the command ends, and a path that does not exist yet is
  /// created. A symlink is followed: the file it leads to is written and the link stays as it
  /// was. Anything else (a folder, a device such as `/dev/stdout`, a FIFO, a socket) is a
  /// usage error naming the path and what it is, before anything runs.
  ///
  /// - Parameter arguments: The parsed command line.
  /// - Returns: The path to write: the one given, or the file its symlinks lead to.
  /// - Throws: `UsageError` for an empty path, a path that is not a regular file, or a
  ///   missing folder.
  public func read(from arguments: ParsedArguments) throws(UsageError) -> String? {
    guard let path = arguments.givenValue(option.long) else { return nil }
    if path.isEmpty || path.hasSuffix("/") {
      throw UsageError("--record needs a file, got \"\(path)\"", usage: arguments.usage)
    }
    do {
      return try RecordTarget.resolve(path)
    } catch {
      throw UsageError(error.message, usage: arguments.usage)
    }
  }

  package func addEntries(to declarations: inout Declarations) {
    declarations.options.append(option)
  }
}
