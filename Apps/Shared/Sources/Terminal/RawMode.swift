import LoopSynchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A terminal in raw mode: keys arrive one by one, unechoed, with Control-C as a key.
///
/// Creating a `RawMode` saves the terminal's settings and switches it to raw mode: no echo,
/// no line buffering (`ICANON`), no signals from keys (`ISIG`, so Control-C arrives as
/// ``Key/ctrlC`` and the app decides), no Control-S/Q flow control, no CR-to-LF translation
/// on input. Output processing stays on, so `\n` still starts a new line.
///
/// The terminal is put back, along with the cursor (``hideCursor()``) and the main screen
/// (``enterAlternateScreen()``):
/// - by ``restore()``, which apps call on the way out (it is idempotent);
/// - when the value is deinitialized, so keep it alive while the app is interactive;
/// - at process exit (`atexit`), and on SIGINT or SIGTERM sent from outside (`kill`), by
///   handlers that restore the settings and exit with status 130 or 143.
///
/// ```swift
/// guard terminal.isInteractive, let raw = try? RawMode() else {
///   return try runLineMode()
/// }
/// defer { raw.restore() }
/// raw.hideCursor()
/// ```
///
/// Only one raw mode at a time is covered by the exit and signal handlers; apps enter raw
/// mode once. The first raw mode installs the handlers, replacing any earlier SIGINT and
/// SIGTERM handlers; they stay installed after ``restore()`` and still exit with 130 or 143
/// (with nothing left to restore).
public final class RawMode: Sendable {
  private struct State {
    var original: termios
    var isActive = true
    var ownsRestorationSlot: Bool
    var cursorHidden = false
    var alternateScreen = false
  }

  /// The terminal in raw mode (the input descriptor).
  public let descriptor: Int32
  /// Where the cursor and screen escape codes are written.
  public let outputDescriptor: Int32
  private let state: Mutex<State>

  /// Saves the terminal's settings and switches it to raw mode.
  ///
  /// - Parameters:
  ///   - descriptor: The terminal to read keys from; standard input by default.
  ///   - outputDescriptor: Where ``hideCursor()`` and the screen helpers write; standard
  ///     output by default.
  /// - Throws: ``TerminalError/notATerminal(descriptor:)`` when `descriptor` is not a
  ///   terminal (a pipe or a file: use line mode), ``TerminalError/systemCall(_:errno:)``
  ///   when reading or changing the settings fails.
  public init(descriptor: Int32 = STDIN_FILENO, outputDescriptor: Int32 = STDOUT_FILENO)
    throws(TerminalError)
  {
    guard isatty(descriptor) == 1 else { throw .notATerminal(descriptor: descriptor) }
    var original = termios()
    guard tcgetattr(descriptor, &original) == 0 else {
      throw .systemCall("tcgetattr", errno: errno)
    }
    var raw = Self.rawSettings(from: original)
    // Armed before the switch: a signal arriving in between restores settings that are
    // still current, which is harmless.
    let ownsSlot = TerminalRestoration.arm(
      descriptor: descriptor, output: outputDescriptor, settings: original)
    guard tcsetattr(descriptor, TCSAFLUSH, &raw) == 0 else {
      let failure = errno
      if ownsSlot { TerminalRestoration.disarm(descriptor: descriptor) }
      throw .systemCall("tcsetattr", errno: failure)
    }
    self.descriptor = descriptor
    self.outputDescriptor = outputDescriptor
    self.state = Mutex(State(original: original, ownsRestorationSlot: ownsSlot))
  }

  deinit {
    restore()
  }

  /// Whether raw mode is still on (``restore()`` has not been called).
  public var isActive: Bool {
    state.withLock { $0.isActive }
  }

  /// Puts everything back: the main screen, the cursor, the saved terminal settings.
  ///
  /// Safe to call more than once and from any thread; only the first call does anything.
  public func restore() {
    state.withLock { state in
      guard state.isActive else { return }
      state.isActive = false
      if state.alternateScreen {
        FileDescriptorWriter.write("\u{1B}[?1049l", to: outputDescriptor)
        state.alternateScreen = false
      }
      if state.cursorHidden {
        FileDescriptorWriter.write("\u{1B}[?25h", to: outputDescriptor)
        state.cursorHidden = false
      }
      _ = tcsetattr(descriptor, TCSANOW, &state.original)
      if state.ownsRestorationSlot {
        TerminalRestoration.disarm(descriptor: descriptor)
        state.ownsRestorationSlot = false
      }
    }
  }

  /// Hides the cursor (`ESC [ ? 25 l`) until ``showCursor()``, ``restore()`` or exit.
  ///
  /// Does nothing once raw mode is restored.
  public func hideCursor() {
    setCursorHidden(true)
  }

  /// Shows the cursor again (`ESC [ ? 25 h`).
  ///
  /// Does nothing when it is not hidden.
  public func showCursor() {
    setCursorHidden(false)
  }

  /// Switches to the alternate screen (`ESC [ ? 1049 h`) until ``leaveAlternateScreen()``,
  /// ``restore()`` or exit.
  ///
  /// Full-screen apps draw there so the user's scrollback is intact when they quit. Does
  /// nothing once raw mode is restored.
  public func enterAlternateScreen() {
    setAlternateScreen(true)
  }

  /// Returns to the main screen (`ESC [ ? 1049 l`), as it was before.
  ///
  /// Does nothing when the alternate screen is not on.
  public func leaveAlternateScreen() {
    setAlternateScreen(false)
  }

  private func setCursorHidden(_ hidden: Bool) {
    state.withLock { state in
      guard state.isActive, state.cursorHidden != hidden else { return }
      state.cursorHidden = hidden
      FileDescriptorWriter.write(hidden ? "\u{1B}[?25l" : "\u{1B}[?25h", to: outputDescriptor)
      if state.ownsRestorationSlot {
        TerminalRestoration.cursorHidden.store(hidden, ordering: .relaxed)
      }
    }
  }

  private func setAlternateScreen(_ on: Bool) {
    state.withLock { state in
      guard state.isActive, state.alternateScreen != on else { return }
      state.alternateScreen = on
      FileDescriptorWriter.write(on ? "\u{1B}[?1049h" : "\u{1B}[?1049l", to: outputDescriptor)
      if state.ownsRestorationSlot {
        TerminalRestoration.alternateScreen.store(on, ordering: .relaxed)
      }
    }
  }

  /// `original` with raw-mode input, local and control flags; output flags untouched.
  private static func rawSettings(from original: termios) -> termios {
    var raw = original
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { characters in
      characters[Int(VMIN)] = 1
      characters[Int(VTIME)] = 0
    }
    return raw
  }
}
