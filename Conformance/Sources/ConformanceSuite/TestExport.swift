import Foundation
import Loop
import LoopContracts
import LoopRecording

/// A recording written as a Swift Testing file for the app's feature tests:
/// `conformance export-test FILE`.
///
/// The test reads as one would write it by hand: an exhaustive `TestStore` on the app's
/// machine, its dependencies answering from the recording's calls (the contract's replay
/// doubles, ``RecordingReplay/machine(answering:on:)``), a `TestClock` moved to each step's
/// recorded time, then one `send` (an event the user sent) or `receive` (an effect's) a step,
/// the step's origin as a comment and its state change as assignments. A value Swift has a
/// literal for is written as one (`$0.status = .debouncing("star wars")`); another is read from
/// the recording the file embeds (`recorded[2].state.cache`). It passes as exported, and fails
/// at the line of the first step whose behaviour changed.
///
/// A recording that ended while an effect ran (a watch polling until the app quits) cannot end
/// an exhaustive test, whose `finish()` fails on a running effect: its export makes the store
/// non-exhaustive and settles at the end, each step's event and changed fields still checked.
public enum TestExport {
  /// A name for the test that is not a Swift identifier.
  public struct InvalidName: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name given.
    public let name: String

    /// The error for `name`.
    ///
    /// - Parameter name: The name given.
    public init(name: String) {
      self.name = name
    }

    /// The one-line message: the name, and what a name may be.
    public var description: String {
      "`\(name)` is not a Swift identifier (ASCII letters, digits and _, not starting with a "
        + "digit, not a keyword)"
    }
  }

  /// The test's type name for the recording file at `path`: its name in upper camel case,
  /// followed by `Tests` (`star-wars-twice.json` gives `StarWarsTwiceTests`).
  ///
  /// - Parameter path: The recording file.
  /// - Returns: The name; `RecordingTests` when the file's name has no letter.
  public static func defaultName(for path: String) -> String {
    let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    let words = base.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
    var name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    if let first = name.first, first.isNumber { name = "Recording" + name }
    return (name.isEmpty ? "Recording" : name) + "Tests"
  }

  /// `name` if it is a Swift identifier.
  ///
  /// - Parameter name: The name asked for (`--name`).
  /// - Returns: `name`.
  /// - Throws: ``InvalidName`` when it is not one.
  public static func validated(name: String) throws(InvalidName) -> String {
    guard SwiftLiteral.isIdentifier(name) else { throw InvalidName(name: name) }
    return name
  }

  /// The Swift Testing file for the recording file at `path`.
  ///
  /// - Parameters:
  ///   - path: The recording file.
  ///   - contracts: The registered contracts; the one of the file's app gives its types and
  ///     its replay doubles.
  ///   - name: The test's type name, a Swift identifier (``validated(name:)``).
  ///   - shownAs: The recording's path as the file's header names it; `path` when `nil`.
  /// - Returns: The file's text.
  /// - Throws: ``RecordingFileError`` for a file that cannot be read, is not a recording, is of
  ///   an app no registered contract replays, or does not decode with the app's types.
  public static func source(
    of path: String, with contracts: [AnyContract], name: String, shownAs: String? = nil
  ) throws(RecordingFileError) -> String {
    let (data, contract) = try ConformanceRecordings.read(path, with: contracts)
    return try contract.visitRecording(
      data, from: path, with: SwiftTestWriter(name: name, source: shownAs ?? path))
  }
}

/// Writes a recording as a Swift Testing file, with the app's types in hand.
private struct SwiftTestWriter: RecordingVisitor {
  typealias Result = String

  let name: String
  let source: String

  func visit<M: Machine, Call: Codable & Sendable>(
    _ recording: Recording<M.State, M.Event, Call>, replay: RecordingReplay<M, Call>
  ) -> String where M.State: Codable & Hashable, M.Event: Codable & Equatable {
    // The feature's type, `SearchFeature.Search`: its module, and beside it the contract
    // module that declares its `recordingReplay` (`SearchContract`), as every app does.
    let feature = String(reflecting: M.self)
    let dot = feature.firstIndex(of: ".") ?? feature.startIndex
    let featureModule = String(feature[..<dot])
    let type = String(feature[feature.index(after: dot)...])
    let contractModule =
      featureModule.hasSuffix("Feature")
      ? featureModule.dropLast("Feature".count) + "Contract" : featureModule + "Contract"
    var body: [String] = []
    var readsRecorded = false
    var before = recording.initialState
    for (index, step) in recording.steps.enumerated() {
      let number = index + 1
      body.append("")
      body.append("    // Step \(number), at \(milliseconds(step.atMilliseconds)): \(step.origin).")
      let microseconds = Int64((step.atMilliseconds * 1_000).rounded())
      body.append(
        "    await clock.advance(to: .init(offset: .microseconds(\(SwiftLiteral.integer(microseconds)))))"
      )
      var event = SwiftLiteral.of(step.event) ?? "recorded[\(index)].event"
      if event.hasPrefix("recorded") { readsRecorded = true }
      if event.count > 60 { event = "recorded[\(index)].event" }
      if event.hasPrefix("recorded") { readsRecorded = true }
      let (assignments, readsStep) = changes(from: before, to: step.state, index: index)
      if readsStep { readsRecorded = true }
      let verb = step.origin == .user ? "send" : "receive"
      if assignments.isEmpty {
        body.append(
          step.origin == .user
            ? "    store.send(\(event))" : "    await store.receive(\(event))")
      } else {
        body.append("    await store.\(verb)(\(event)) {")
        body.append(contentsOf: assignments.map { "      \($0)" })
        body.append("    }")
      }
      before = step.state
    }
    let lines = String(decoding: RecordingFile.encode(recording), as: UTF8.self)
      .split(separator: "\n").map { "    \($0)" }
    var file = [
      "// Exported by `conformance export-test` from",
      "// \(source).",
      "//",
      "// One `send` (an event the user sent) or `receive` (an effect's) a step, with the state",
      "// change the recording holds; the dependencies answer as recorded, on a test clock moved",
      "// to each step's recorded time. A step whose behaviour changed fails at its line: if the",
      "// change is meant, export the test again from a new recording.",
      "",
    ]
    // In the order swift format keeps them.
    file += [
      "LoopContracts", "LoopRecording", "LoopTesting", String(contractModule), featureModule,
      "Testing",
    ].sorted().map { "import \($0)" }
    file += [
      "",
      "struct \(name) {",
      "  @Test func replaysAsRecorded() async throws {",
      "    let recording = try \(type).recordingReplay.recording(decoding: Self.recording)",
    ]
    if readsRecorded { file.append("    let recorded = recording.steps") }
    // An effect the recording ended while it ran (a watch that polls until the app quits) is
    // still running at the test's end, which an exhaustive store fails: the test then checks
    // each step's event and the fields it changes, not that nothing else changed.
    let running = recording.effects.filter { $0.outcome == nil }.map(\.origin)
    file.append("    let clock = TestClock()")
    if running.isEmpty {
      file += [
        "    let store = TestStore(",
        "      initial: recording.initialState,",
        "      machine: \(type).recordingReplay.machine(answering: recording, on: clock), clock: clock)",
      ]
    } else {
      let names = running.map { origin in
        if case .feedback(let name, let generation) = origin {
          "`\(name)` (generation \(generation))"
        } else {
          "the user's"
        }
      }
      file += [
        "    // The recording ended while the effect of \(names.joined(separator: ", ")) ran, as",
        "    // the app's store ends it: not exhaustive, so that the test can end there too. Each",
        "    // step's event and the fields it changes are checked.",
        "    let store = TestStore(",
        "      initial: recording.initialState,",
        "      machine: \(type).recordingReplay.machine(answering: recording, on: clock), clock: clock,",
        "      exhaustivity: .off)",
      ]
    }
    file += body
    file += [
      "",
      running.isEmpty ? "    await store.finish()" : "    await store.settle()",
      "  }",
      "",
      "  /// The recording, as version 2 lines: the first state, and the calls the doubles answer.",
      "  static let recording = #\"\"\"",
    ]
    file += lines
    file += ["    \"\"\"#", "}", ""]
    return file.joined(separator: "\n")
  }

  /// The assignments that turn `before` into `after`, one per stored property that changed,
  /// and whether one reads the recording; the whole state when a property cannot be set by
  /// name.
  private func changes<State>(from before: State, to after: State, index: Int) -> ([String], Bool) {
    let old = Mirror(reflecting: before).children
    let new = Mirror(reflecting: after).children
    var assignments: [String] = []
    var readsRecorded = false
    for (was, now) in zip(old, new)
    where String(reflecting: was.value) != String(reflecting: now.value) {
      guard let label = now.label, SwiftLiteral.isIdentifier(label), !label.hasPrefix("_") else {
        return (["$0 = recorded[\(index)].state"], true)
      }
      if let literal = SwiftLiteral.of(now.value), literal.count <= 70 {
        assignments.append("$0.\(label) = \(literal)")
      } else {
        assignments.append("$0.\(label) = recorded[\(index)].state.\(label)")
        readsRecorded = true
      }
    }
    if old.count != new.count
      || (old.isEmpty && String(reflecting: before) != String(reflecting: after))
    {
      return (["$0 = recorded[\(index)].state"], true)
    }
    return (assignments, readsRecorded)
  }

  /// A recorded time as the comments write it: `0.511 ms`.
  private func milliseconds(_ value: Double) -> String {
    String(format: "%.3f ms", value)
  }
}
