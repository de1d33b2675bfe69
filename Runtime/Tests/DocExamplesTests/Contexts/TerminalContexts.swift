// The names the examples in the doc comments of CommandLineParsing, Terminal and AppCLI use without
// declaring them.

import AppCLI
import CommandLineParsing
import Loop
import MovieCatalog
import SearchFeature
import Terminal

/// An app's error, as UserFacingError's example conforms it.
struct CatalogError: Error {}

/// What an interactive example draws: a screen's lines for a state.
struct Frame {
  let state: Keys.State
  let size: WindowSize
  var lines: [String] { [] }
}

/// An interactive app's events: the keys it is sent.
enum Keys {
  struct State: Sendable {}
  enum Event: Sendable { case key(Key) }
}

/// The declarations the examples read.
struct ExampleArguments: CommandArguments {
  let json = Flag("json", help: "Print JSON")
  let record = RecordOption()
}

/// A command, as CLI's example runs it.
struct Pager: Command {
  static let spec = CommandSpec(name: "pager", abstract: "Pages.")
  init(_ arguments: Parsed<NoArguments>, environment: [String: String]) {}
  func run() async throws {}
}

struct AppCLICommandRecordingExamples {
  let arguments: Parsed<ExampleArguments>
  let catalog: MovieCatalog
  func run(_ search: Search) async throws {}
}

struct CommandLineParsingCommandSpecExamples {
  func run(_ parsed: ParsedArguments) async throws {}
}

struct TerminalInteractiveLoopExamples {
  let store: Store<Keys.State, Keys.Event>
  let terminal: TerminalCapabilities
}

struct AppCLIJSONOutputExamples {
  let arguments: Parsed<ExampleArguments>
  let movies: [Movie]
}

struct TerminalKeyExamples {
  let key: Key
  func quit() {}
  func next() {}
}

struct TerminalKeyReaderExamples {
  let store: Store<Keys.State, Keys.Event>
}

struct TerminalRawModeExamples {
  let terminal: TerminalCapabilities
  func runLineMode() throws {}
}

struct TerminalScreenRendererExamples {
  let terminal: TerminalCapabilities
}

final class TerminalWindowResizesExamples {
  var renderer = ScreenRenderer(isTTY: true)
  func draw() {}
}
