import Foundation
import Loop
import LoopContracts
import LoopRecording

/// A recording as one self-contained HTML page to scrub through: `conformance view FILE`.
///
/// The page holds the recording once, as version 2 lines (a version 1 file is rewritten so),
/// and a script that reads them: a timeline of the steps, drawn only where it is on screen,
/// with a scrubber and the keys ←/→, Home and End; each step's event, origin and state change;
/// the whole state on demand, long collections folded; the effects as lanes, one per
/// feedback, and each call with its arguments and answer; a search of the steps' events and
/// state changes. Nothing is fetched when it is opened. With a replay, the first step where
/// today's code differs from the recording is marked, with the replay's message (expected
/// and happened).
public enum RecordingViewer {
  /// The page for the recording file at `path`.
  ///
  /// - Parameters:
  ///   - path: The recording file.
  ///   - contracts: The registered contracts; the one of the file's app decodes it.
  ///   - replay: Whether to replay it first and mark where today's code differs.
  /// - Returns: The HTML text.
  /// - Throws: ``RecordingFileError`` for a file that cannot be read, is not a recording, is
  ///   of an app no registered contract replays, or does not decode with the app's types.
  public static func page(
    of path: String, with contracts: [AnyContract], replay: Bool = false
  ) async throws(RecordingFileError) -> String {
    let (data, contract) = try ConformanceRecordings.read(path, with: contracts)
    let lines = try contract.visitRecording(data, from: path, with: LinesOfRecording())
    var report: ReplayReport?
    if replay { report = try await contract.replay(data, from: path) }
    return render(
      lines: String(decoding: lines, as: UTF8.self), title: (path as NSString).lastPathComponent,
      replay: report)
  }

  /// The page for a recording's version 2 lines.
  ///
  /// - Parameters:
  ///   - lines: The recording, as ``RecordingFile/encode(_:)`` writes it.
  ///   - title: The page's title: the file's name.
  ///   - replay: The replay's report, when the page marks where today's code differs.
  /// - Returns: The HTML text.
  public static func render(lines: String, title: String, replay: ReplayReport?) -> String {
    var replayJSON = "null"
    if let replay {
      let failure = replay.failure.map { failure in
        "{\"step\":\(failure.step.map(String.init) ?? "null"),"
          + "\"check\":\(jsonString(failure.check.rawValue)),"
          + "\"message\":\(jsonString(failure.message))}"
      }
      replayJSON = "{\"steps\":\(replay.steps),\"failure\":\(failure ?? "null")}"
    }
    return """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(Markup.escaped(title)) · recording</title>
      <style>\(style)</style>
      </head>
      <body>
      <header id="top"><h1>\(Markup.escaped(title))</h1><p id="facts" class="facts"></p>
      <div id="replay"></div></header>
      <div id="controls"><input id="scrubber" type="range" min="0" max="0" value="0"
      aria-label="step"><span id="position"></span><input id="search" type="search"
      placeholder="search events and state changes" aria-label="search"><span id="hits"></span></div>
      <main><div id="timeline" tabindex="0" role="listbox" aria-label="steps"><div id="rows"></div></div>
      <div id="detail"><section id="step"></section><section id="lanes"></section>
      <section id="calls"></section></div></main>
      <output id="timing" hidden></output>
      <script type="application/json" id="recording">\(scriptSafe(lines))</script>
      <script type="application/json" id="replay-report">\(scriptSafe(replayJSON))</script>
      <script>\(script)</script>
      </body>
      </html>

      """
  }

  /// `text` that cannot end the script element it is in: `</` is written `<\/`, which JSON
  /// reads back the same (only strings can hold it).
  static func scriptSafe(_ text: String) -> String {
    text.replacingOccurrences(of: "</", with: "<\\/")
  }

  /// `text` as a JSON string.
  static func jsonString(_ text: String) -> String {
    guard let data = try? JSONEncoder().encode(text) else { return "\"\"" }
    return String(decoding: data, as: UTF8.self)
  }
}

/// A recording written back as version 2 lines, whatever version it was read from.
private struct LinesOfRecording: RecordingVisitor {
  typealias Result = Data

  func visit<M: Machine, Call: Codable & Sendable>(
    _ recording: Recording<M.State, M.Event, Call>, replay: RecordingReplay<M, Call>
  ) -> Data where M.State: Codable & Hashable, M.Event: Codable & Equatable {
    RecordingFile.encode(recording)
  }
}
