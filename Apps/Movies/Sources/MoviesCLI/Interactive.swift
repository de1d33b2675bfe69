import Foundation
import Loop
import MovieCatalog
import MoviesFeature
import Terminal

/// Interactive mode: a full-screen pager driven by keys, drawn from the store's states.
///
/// It runs in ``InteractiveLoop`` on the alternate screen: it loads page 1, then a key
/// becomes an event for the feature (see ``PagerKey``), and every input redraws the latest
/// state fitted to the window. Keys and state changes arrive on one stream, so the screen
/// has one owner; a frame identical to the last is not written again.
struct Interactive {
  /// Where pages come from.
  let catalog: MovieCatalog
  /// The recording `--record` writes, if given; the catalog records into it already.
  let recording: MoviesCommand.Recording?
  /// Where the movies come from, for the header.
  let label: String
  /// The terminal, for color.
  let terminal: TerminalCapabilities

  /// Runs the pager until the user quits.
  ///
  /// - Throws: ``ExitCode/interrupted`` on Control-C, ``TerminalError`` when raw mode cannot
  ///   be entered.
  func run() async throws {
    let store = recording.store(running: Movies(catalog: catalog), initial: Movies.State())
    defer { store.cancel() }
    var screen = Screen()
    store.send(.nextPage)
    let ending = try await InteractiveLoop.run(
      states: store.states, terminal: terminal, alternateScreen: true,
      react: { input in
        guard case .key(let key) = input, let command = PagerKey(key) else {
          // Any key closes the help; a state or a resize only redraws.
          if case .key = input { screen.showingHelp = false }
          return .redraw
        }
        if screen.showingHelp, command != .quit, command != .interrupt {
          screen.showingHelp = false
          return .redraw
        }
        return perform(command, store: store, screen: &screen)
      },
      frame: { size in
        PagerFrame(
          state: store.state, label: label, showingHelp: screen.showingHelp, size: size,
          useColor: terminal.supportsColor
        ).lines
      })
    if ending == .interrupted { throw ExitCode.interrupted }
  }

  /// Carries out `command`.
  ///
  /// - Returns: What the loop does next.
  private func perform(
    _ command: PagerKey, store: Store<Movies.State, Movies.Event>, screen: inout Screen
  ) -> InteractiveLoop.Step {
    switch command {
    case .nextPage:
      store.send(.nextPage)
    case .reload:
      store.send(.reload)
    case .toggleHelp:
      screen.showingHelp.toggle()
    case .quit:
      return .quit
    case .interrupt:
      return .interrupt
    }
    return .redraw
  }
}

/// The pager's view state: whether the help overlay is up.
private struct Screen {
  /// Whether the help overlay is shown.
  var showingHelp = false
}
