import Loop
import SearchFeature
import Terminal

/// The interactive command: a line editor, with results redrawn below it as they arrive.
///
/// Keys: type to edit the query, Backspace deletes, Ctrl-U clears, Enter or ↓ shows more
/// (scrolling to results below the screen, else loading the next page), ↑ scrolls back,
/// Ctrl-R retries, Esc quits, Ctrl-C quits with status 130.
struct Interactive {
  let setup: Composition
  let terminal: TerminalCapabilities

  /// Ctrl-R, which the key decoder does not name.
  static let ctrlR = Key.unknown([0x12])

  /// Runs the search in ``InteractiveLoop`` on the alternate screen, as the other apps do, so
  /// the shell's scrollback is as it was when the search ends.
  ///
  /// - Throws: ``ExitCode/interrupted`` on Control-C, ``TerminalError`` when raw mode cannot
  ///   be entered.
  func run() async throws {
    let store = setup.makeStore()
    defer { store.cancel() }
    var text = ""
    var viewport = Viewport(
      rows: terminal.windowSize.rows, columns: terminal.windowSize.columns)
    var state = store.state
    let useColor = terminal.supportsColor
    let ending = try await InteractiveLoop.run(
      states: store.states, terminal: terminal, alternateScreen: true,
      react: { input in
        let room = viewport.screen(useColor: useColor).room
        switch input {
        case .state(let next):
          viewport.follow(from: state, to: next)
          state = next
        case .resized(let size):
          viewport.rows = size.rows
          viewport.columns = size.columns
        case .key(let key):
          switch key {
          case .character(let character):
            text.append(character)
            store.send(.textChanged(text))
          case .backspace:
            guard !text.isEmpty else { break }
            text.removeLast()
            store.send(.textChanged(text))
          case .ctrlU:
            text = ""
            store.send(.clear)
          case .enter, .down:
            if !viewport.scrollDown(in: state, room: room) {
              store.send(.loadMore)
            }
          case .up:
            viewport.scrollUp(room: room)
          case Self.ctrlR:
            store.send(.retry)
          case .escape, .ctrlD:
            return .quit
          case .ctrlC:
            return .interrupt
          case .left, .right, .tab, .unknown:
            break
          }
        }
        let fitted = viewport.screen(useColor: useColor).room
        viewport.offset = viewport.shown(count: state.movies.count, room: fitted)
        return .redraw
      },
      frame: { size in
        SearchScreen(useColor: useColor, rows: size.rows, columns: size.columns)
          .frame(for: state, offset: viewport.offset)
      })
    if ending == .interrupted { throw ExitCode.interrupted }
  }
}

/// Which results are on screen: scrolling is the renderer's business, not the search's.
struct Viewport {
  /// The first movie shown.
  var offset = 0
  /// The window's height, which decides how many results fit.
  var rows = WindowSize.fallback.rows
  /// The window's width, which decides how much of the query shows.
  var columns = WindowSize.fallback.columns

  /// The screen drawn in this window.
  func screen(useColor: Bool) -> SearchScreen {
    SearchScreen(useColor: useColor, rows: rows, columns: columns)
  }

  /// Keeps the offset for the same results; back to the top for new ones; and when a page
  /// arrives, scrolls to its first movie.
  mutating func follow(from old: Search.State, to new: Search.State) {
    if old.status.query != new.status.query {
      offset = 0
    } else if new.movies.count > old.movies.count, !old.movies.isEmpty {
      offset = old.movies.count
    }
  }

  /// Scrolls down a screen when results lie below it; returns whether it did.
  mutating func scrollDown(in state: Search.State, room: Int) -> Bool {
    guard offset + room < state.movies.count else { return false }
    // At most to the last full screen, so no rows stand empty below the results.
    offset = min(offset + room, state.movies.count - room)
    return true
  }

  /// Scrolls up a screen, stopping at the top.
  mutating func scrollUp(room: Int) {
    offset = max(offset - room, 0)
  }

  /// The offset a frame shows: at most the last full screen of `count` results.
  func shown(count: Int, room: Int) -> Int {
    min(offset, max(0, count - room))
  }
}
