#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one loop of every full-screen command: raw mode, then keys, states and window
/// resizes on one stream, each handed to the app and followed by one redraw.
///
/// The loop enters raw mode (and the alternate screen when asked), hides the cursor and
/// draws the first frame. Then, one input at a time: the app's `react` sees it and says
/// whether to go on, quit or stop as interrupted; a resize first clears the screen and
/// refits the renderer to the new width; then the frame for the current window size is
/// drawn, unless it is the one on screen. Everything arrives on one stream, so the screen
/// has one owner. On the way out (quit, Control-C, end of input, an error) the terminal is
/// restored before `run` returns; SIGTERM and `exit` restore it too (``RawMode``).
///
/// ```swift
/// let ending = try await InteractiveLoop.run(
///   states: store.states, terminal: terminal, alternateScreen: true,
///   react: { input in
///     guard case .key(let key) = input else { return .redraw }
///     switch key {
///     case .character("q"): return .quit
///     case .ctrlC: return .interrupt
///     default: store.send(.key(key)); return .redraw
///     }
///   },
///   frame: { size in Frame(state: store.state, size: size).lines })
/// if ending == .interrupted { throw ExitCode.interrupted }
/// ```
public enum InteractiveLoop {
  /// What the app is handed, one at a time.
  public enum Input<State: Sendable>: Sendable {
    /// A key was pressed.
    case key(Key)
    /// The store has a new state.
    case state(State)
    /// The window was resized to this size; the screen is already cleared.
    case resized(WindowSize)
  }

  /// What the app says after an input.
  public enum Step: Sendable, Equatable {
    /// Go on: draw the frame and wait for the next input.
    case redraw
    /// Leave the loop; ``run(states:terminal:alternateScreen:react:frame:)`` returns
    /// ``Ending/quit``.
    case quit
    /// Leave the loop as Control-C asks; `run` returns ``Ending/interrupted``.
    case interrupt
  }

  /// How the loop ended; the terminal is restored in every case.
  public enum Ending: Sendable, Equatable {
    /// The app said ``Step/quit``.
    case quit
    /// The app said ``Step/interrupt``: exit with ``ExitCode/interrupted``.
    case interrupted
    /// Standard input ended (the terminal went away).
    case endOfInput
  }

  /// What the merged stream carries.
  private enum Arrival<State: Sendable>: Sendable {
    case input(Input<State>)
    case endOfInput
  }

  /// Runs the loop until the app quits or input ends.
  ///
  /// - Parameters:
  ///   - states: The store's states, each handed to `react` as ``Input/state(_:)``.
  ///   - terminal: The terminal, for its size at the start.
  ///   - alternateScreen: Whether to draw on the alternate screen (full-screen apps), so
  ///     the user's scrollback is intact on exit; `false` draws in place below the prompt.
  ///   - react: Handles one input: sends events, moves a selection, says what comes next.
  ///   - frame: The lines to draw for the window size, from the current state.
  /// - Returns: How the loop ended.
  /// - Throws: ``TerminalError`` when raw mode cannot be entered; whatever `react` throws.
  nonisolated(nonsending) public static func run<State: Sendable>(
    states: AsyncStream<State>, terminal: TerminalCapabilities, alternateScreen: Bool,
    react: (Input<State>) throws -> Step, frame: (WindowSize) -> [String]
  ) async throws -> Ending {
    let raw = try RawMode()
    defer { raw.restore() }
    if alternateScreen {
      raw.enterAlternateScreen()
      StandardOutput.write("\u{1B}[H")  // The renderer's region starts at the top left.
    }
    raw.hideCursor()

    let (arrivals, continuation) = AsyncStream.makeStream(of: Arrival<State>.self)
    let keys = Task {
      for await key in KeyReader.keys() { continuation.yield(.input(.key(key))) }
      continuation.yield(.endOfInput)
    }
    let stateUpdates = Task {
      for await state in states { continuation.yield(.input(.state(state))) }
    }
    let resizes = Task {
      for await size in WindowResizes.sizes() { continuation.yield(.input(.resized(size))) }
    }
    defer {
      keys.cancel()
      stateUpdates.cancel()
      resizes.cancel()
    }

    var size = terminal.windowSize
    var renderer = ScreenRenderer(isTTY: true, width: size.columns, height: size.rows)
    // Drawn in place on the main screen, the last frame stays; what comes next (the shell's
    // prompt) starts below it, not on its last line.
    defer { if !alternateScreen { renderer.forget() } }
    var onScreen = frame(size)
    renderer.render(onScreen)
    for await arrival in arrivals {
      guard case .input(let input) = arrival else { return .endOfInput }
      var isCleared = false
      if case .resized(let next) = input {
        size = next
        renderer.width = next.columns
        renderer.height = next.rows
        renderer.clearScreen()
        isCleared = true
      }
      switch try react(input) {
      case .redraw: break
      case .quit: return .quit
      case .interrupt: return .interrupted
      }
      let next = frame(size)
      guard next != onScreen || isCleared else { continue }
      onScreen = next
      renderer.render(next)
    }
    return .endOfInput
  }
}
