import Foundation
import Loop
import MovieCatalog
import MoviesFeature
import Terminal

/// Interactive mode: a full-screen pager driven by keys, drawn from the store's states.
///
/// It enters raw mode and the alternate screen (both restored on the way out, on Control-C
/// and on SIGTERM), loads page 1, then handles one input at a time: a key becomes an event
/// for the feature (see ``PagerKey``), and every input redraws the latest state. Keys and
/// state changes arrive on one stream, so the screen has one owner; when states arrive
/// faster than frames are drawn, each redraw reads the store's current state and a frame
/// identical to the last is not written again.
struct InteractivePager {
  /// What the pager reacts to.
  private enum Input {
    /// A key was pressed.
    case key(Key)
    /// The store's state changed.
    case stateChanged
    /// The window was resized: redraw all of it.
    case resized
    /// Input ended (the terminal went away).
    case endOfInput
  }

  /// Where pages come from.
  let catalog: MovieCatalog
  /// Where the movies come from, for the header.
  let label: String
  /// The terminal, for color.
  let terminal: TerminalCapabilities

  /// Runs the pager until the user quits.
  ///
  /// - Throws: ``ExitCode/interrupted`` on Control-C, ``TerminalError`` when raw mode cannot
  ///   be entered.
  func run() async throws {
    let raw = try RawMode()
    defer { raw.restore() }
    raw.enterAlternateScreen()
    raw.hideCursor()
    StandardOutput.write("\u{1B}[H")  // The renderer's region starts at the top left.

    let store = Store(initial: Movies.State(), machine: Movies(catalog: catalog))
    defer { store.cancel() }
    let (inputs, continuation) = AsyncStream.makeStream(of: Input.self)
    let keys = Task {
      for await key in KeyReader.keys() { continuation.yield(.key(key)) }
      continuation.yield(.endOfInput)
    }
    let states = Task {
      for await _ in store.states { continuation.yield(.stateChanged) }
    }
    let resizes = Task {
      for await _ in WindowResizes.sizes() { continuation.yield(.resized) }
    }
    defer {
      keys.cancel()
      states.cancel()
      resizes.cancel()
    }

    var screen = Screen(label: label, useColor: terminal.supportsColor)
    store.send(.nextPage)
    for await input in inputs {
      switch input {
      case .key(let key):
        if screen.showingHelp {
          screen.showingHelp = false
          if let command = PagerKey(key), command == .quit || command == .interrupt {
            try perform(command, store: store, screen: &screen)
          }
        } else if let command = PagerKey(key) {
          try perform(command, store: store, screen: &screen)
        }
      case .stateChanged:
        break
      case .resized:
        screen.clear()
      case .endOfInput:
        return
      }
      if screen.quitting { return }
      screen.draw(store.state)
    }
  }

  /// Carries out `command`.
  private func perform(
    _ command: PagerKey, store: Store<Movies.State, Movies.Event>,
    screen: inout Screen
  ) throws {
    switch command {
    case .nextPage:
      store.send(.nextPage)
    case .reload:
      store.send(.reload)
    case .toggleHelp:
      screen.showingHelp.toggle()
    case .quit:
      screen.quitting = true
    case .interrupt:
      throw ExitCode.interrupted
    }
  }
}

/// The interactive pager's view state and renderer: what is drawn, and whether help is up.
private struct Screen {
  /// Where the movies come from, for the header.
  let label: String
  /// Whether ANSI codes may be written.
  let useColor: Bool
  /// Whether the help overlay is shown.
  var showingHelp = false
  /// Whether the user asked to leave.
  var quitting = false
  private var renderer = ScreenRenderer(isTTY: true)
  private var lastFrame: [String] = []
  private var lastSize: WindowSize?

  init(label: String, useColor: Bool) {
    self.label = label
    self.useColor = useColor
  }

  /// Clears the screen after a resize, so the next ``draw(_:)`` draws the whole frame.
  mutating func clear() {
    renderer.clearScreen()
    lastFrame = []
  }

  /// Draws `state` fitted to the window, unless the frame is the one on screen.
  mutating func draw(_ state: Movies.State) {
    let size = WindowSize.of(descriptor: STDOUT_FILENO)
    renderer.width = size.columns
    let frame = PagerFrame(
      state: state, label: label, showingHelp: showingHelp, size: size, useColor: useColor
    ).lines
    guard frame != lastFrame || size != lastSize else { return }
    lastFrame = frame
    lastSize = size
    renderer.render(frame)
  }
}
