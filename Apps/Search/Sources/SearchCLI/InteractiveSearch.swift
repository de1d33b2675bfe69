import Loop
import SearchFeature
import Terminal

/// The interactive command: a line editor, with results redrawn below it as they arrive.
///
/// Keys: type to edit the query, Backspace deletes, Ctrl-U clears, Enter or ↓ shows more
/// (scrolling to results below the screen, else loading the next page), ↑ scrolls back,
/// Ctrl-R retries, Esc quits, Ctrl-C quits with status 130.
struct InteractiveSearch {
  let setup: Composition
  let terminal: TerminalCapabilities

  /// What the loop reacts to: a key, a new state, or the end of input.
  enum Input: Sendable {
    case key(Key)
    case state(Search.State)
    /// The window was resized to this size: redraw all of it, fitted to it.
    case resized(WindowSize)
    case endOfInput
  }

  /// Ctrl-R, which the key decoder does not name.
  static let ctrlR = Key.unknown([0x12])

  func run() async throws {
    let raw = try RawMode()
    defer { raw.restore() }
    raw.hideCursor()
    let store = Store(
      initial: Search.State(), machine: setup.machine(debounce: Search.defaultDebounce))
    defer { store.cancel() }

    let (inputs, continuation) = AsyncStream.makeStream(of: Input.self)
    let keys = Task {
      for await key in KeyReader.keys() {
        continuation.yield(.key(key))
      }
      continuation.yield(.endOfInput)
    }
    let states = Task {
      for await state in store.states {
        continuation.yield(.state(state))
      }
    }
    let resizes = Task {
      for await size in WindowResizes.sizes() { continuation.yield(.resized(size)) }
    }
    defer {
      keys.cancel()
      states.cancel()
      resizes.cancel()
    }

    var screen = SearchScreen(
      useColor: terminal.supportsColor, rows: terminal.windowSize.rows)
    var renderer = ScreenRenderer(isTTY: true, width: terminal.windowSize.columns)
    var text = ""
    var viewport = Viewport()
    var state = store.state
    loop: for await input in inputs {
      switch input {
      case .state(let next):
        viewport.follow(from: state, to: next)
        state = next
      case .resized(let size):
        screen = SearchScreen(useColor: terminal.supportsColor, rows: size.rows)
        renderer.width = size.columns
        renderer.clearScreen()
      case .endOfInput:
        break loop
      case .key(let key):
        switch key {
        case .character(let character):
          text.append(character)
          store.send(.textChanged(text))
        case .backspace:
          guard !text.isEmpty else { continue }
          text.removeLast()
          store.send(.textChanged(text))
        case .ctrlU:
          text = ""
          store.send(.clear)
        case .enter, .down:
          if !viewport.scrollDown(in: state, room: screen.room) {
            store.send(.loadMore)
          }
        case .up:
          viewport.scrollUp(room: screen.room)
        case Self.ctrlR:
          store.send(.retry)
        case .escape, .ctrlD:
          break loop
        case .ctrlC:
          raw.restore()
          throw ExitCode.interrupted
        case .left, .right, .tab, .unknown:
          continue
        }
      }
      renderer.render(screen.frame(for: state, offset: viewport.offset))
    }
  }
}

/// Which results are on screen: scrolling is the renderer's business, not the search's.
struct Viewport {
  /// The first movie shown.
  var offset = 0

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
    offset += room
    return true
  }

  /// Scrolls up a screen, stopping at the top.
  mutating func scrollUp(room: Int) {
    offset = max(offset - room, 0)
  }
}
