import CommandLineParsing
import ConformanceSuite
import Foundation
import Terminal

/// `conformance export-test`: a recording as a Swift Testing file for the app's feature tests.
struct ExportTestCommand: Command {
  /// What `export-test` accepts.
  struct Arguments: CommandArguments {
    let recording = Argument<String>("recording", help: "A recording file (from --record)")
    let output = OptionValue<String?>(
      "output", valueName: "FILE", help: "Write the test to FILE (default: NAME.swift)")
    let name = OptionValue<String?>(
      "name", valueName: "NAME",
      help:
        "The test's type name, a Swift identifier (default: the file's name, StarWarsTwiceTests)"
    )
    let force = Flag("force", help: "Replace FILE if it exists")
  }

  /// What `export-test` is.
  static let spec = CommandSpec(
    name: "export-test",
    abstract:
      "Write a recording as a Swift Testing file for the app's feature tests: one send or "
      + "receive a step with its state change, the dependencies answering as recorded.")

  /// The recording file.
  let recording: String
  /// The test's type name.
  let name: String
  /// Where the test goes.
  let output: RecordingOutput

  /// Reads and checks the command line.
  ///
  /// - Parameters:
  ///   - arguments: The parsed command line.
  ///   - environment: The process environment (unused).
  /// - Throws: ``UsageError`` for a name that is not a Swift identifier.
  init(_ arguments: Parsed<Arguments>, environment: [String: String]) throws {
    recording = try arguments.recording
    if let given = try arguments.name {
      do {
        name = try TestExport.validated(name: given)
      } catch {
        throw UsageError("--name: \(error.description)", usage: arguments.usage)
      }
    } else {
      name = TestExport.defaultName(for: recording)
    }
    output = RecordingOutput(path: try arguments.output ?? "\(name).swift", force: arguments.force)
  }

  /// Writes the test.
  ///
  /// - Throws: ``ConformanceError`` when the output exists or cannot be written,
  ///   `RecordingFileError` when the recording cannot be read or is not one of a registered
  ///   app; nothing is written then.
  func run() async throws {
    try output.checkFree()
    let text = try TestExport.source(of: recording, with: registeredContracts, name: name)
    try output.write(text)
    StandardOutput.writeLine(
      "conformance: wrote \(output.path) (struct \(name)); put it in the app's feature tests")
  }
}
