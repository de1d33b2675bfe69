import CommandLineParsing
import ConformanceSuite
import Foundation
import Terminal

/// `conformance view`: a recording as one HTML page to scrub through, step by step.
struct ViewCommand: Command {
  /// What `view` accepts.
  struct Arguments: CommandArguments {
    let recording = Argument<String>("recording", help: "A recording file (from --record)")
    let output = OptionValue<String?>(
      "output", valueName: "FILE",
      help: "Write the page to FILE (default: the recording's path with .html)")
    let replay = Flag(
      "replay", help: "Replay it with today's code and mark the first step that differs")
    let force = Flag("force", help: "Replace FILE if it exists")
  }

  /// What `view` is.
  static let spec = CommandSpec(
    name: "view",
    abstract:
      "Write a recording as one self-contained HTML page: its steps on a timeline (←/→, "
      + "Home/End), each step's event, origin and state change, its effects and calls.")

  /// The recording file.
  let recording: String
  /// Where the page goes.
  let output: RecordingOutput
  /// Whether to replay it first.
  let replay: Bool

  /// Reads the command line.
  ///
  /// - Parameters:
  ///   - arguments: The parsed command line.
  ///   - environment: The process environment (unused).
  /// - Throws: ``UsageError`` for a bad value.
  init(_ arguments: Parsed<Arguments>, environment: [String: String]) throws {
    recording = try arguments.recording
    let path = try arguments.output ?? ((recording as NSString).deletingPathExtension + ".html")
    output = RecordingOutput(path: path, force: arguments.force)
    replay = arguments.replay
  }

  /// Writes the page.
  ///
  /// - Throws: ``ConformanceError`` when the output exists or cannot be written,
  ///   `RecordingFileError` when the recording cannot be read or is not one of a registered
  ///   app; nothing is written then.
  func run() async throws {
    try output.checkFree()
    let page = try await RecordingViewer.page(
      of: recording, with: registeredContracts, replay: replay)
    try output.write(page)
    StandardOutput.writeLine("conformance: wrote \(output.path); open it in a browser")
  }
}
