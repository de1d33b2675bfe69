// The names the examples in Terminal's doc comments use without declaring them.

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

struct TerminalArgumentValueExamples {
  let parsed: ParsedArguments
}

struct TerminalCLIExamples {
  static let spec = CommandSpec(name: "movies", abstract: "Popular movies.")
}

struct TerminalCommandRecordingExamples {
  let parsed: ParsedArguments
  let catalog: MovieCatalog
  func run(_ search: Search) async throws {}
}

struct TerminalCommandSpecExamples {
  func run(_ parsed: ParsedArguments) async throws {}
}

struct TerminalInteractiveLoopExamples {
  let store: Store<Keys.State, Keys.Event>
  let terminal: TerminalCapabilities
}

struct TerminalJSONOutputExamples {
  let parsed: ParsedArguments
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

struct TerminalParsedArgumentsExamples {
  let parsed: ParsedArguments
  func add(_ trail: String) {}
}

struct TerminalRawModeExamples {
  let terminal: TerminalCapabilities
  func runLineMode() throws {}
}

struct TerminalRecordOptionExamples {
  let parsed: ParsedArguments
}

struct TerminalScreenRendererExamples {
  let terminal: TerminalCapabilities
}

struct TerminalSourceOptionsExamples {
  let parsed: ParsedArguments
  let token: String?
}

final class TerminalWindowResizesExamples {
  var renderer = ScreenRenderer(isTTY: true)
  func draw() {}
}
