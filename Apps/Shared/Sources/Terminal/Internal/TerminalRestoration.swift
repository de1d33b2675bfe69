import LoopSynchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the SIGINT/SIGTERM handlers and the `atexit` hook restore: one terminal's saved
/// settings, and whether the cursor is hidden or the alternate screen is on.
///
/// A C signal handler cannot capture context, so this lives in process-wide storage. One
/// ``RawMode`` at a time holds the slot (apps enter raw mode once); a second raw mode entered
/// while the first is active still restores itself through ``RawMode/restore()``, but not on a
/// signal.
///
/// The slot is a small lock-free protocol on ``slot``, which a signal handler may use
/// (atomics are async-signal-safe; locks and allocation are not):
/// - ``free`` (-1): nothing to restore; ``arm(descriptor:output:settings:)`` may take it.
/// - ``writing`` (-3): `arm` is writing ``saved``; a handler that sees it restores nothing
///   (the terminal is not raw yet: `arm` runs before `tcsetattr`).
/// - a descriptor (>= 0): ``saved`` holds that descriptor's settings from before raw mode.
/// - ``claimed`` (-2): a handler or the exit hook is restoring; the process is ending.
enum TerminalRestoration {
  static let free: Int32 = -1
  static let claimed: Int32 = -2
  static let writing: Int32 = -3

  /// The state of the slot, or the descriptor whose settings ``saved`` holds.
  static let slot = Atomic<Int32>(-1)
  /// Where the cursor and screen escapes go.
  static let outputDescriptor = Atomic<Int32>(-1)
  /// Whether the cursor is hidden and must be shown again.
  static let cursorHidden = Atomic<Bool>(false)
  /// Whether the alternate screen is on and must be left.
  static let alternateScreen = Atomic<Bool>(false)
  /// Whether the signal handlers and the exit hook are installed.
  private static let installed = Mutex<Bool>(false)

  /// The terminal settings to restore.
  ///
  /// `nonisolated(unsafe)` because a C signal handler has to read it and can capture
  /// nothing. It is safe: it is written only while ``slot`` is ``writing`` (so no handler
  /// reads it then), and the release store that publishes a descriptor orders the write
  /// before any handler's acquiring read. It is first written before the handlers are
  /// installed, so its lazy initialization never runs inside a handler.
  nonisolated(unsafe) static var saved = termios()

  /// Takes the slot for `descriptor` and installs the handlers, once per process.
  ///
  /// Call it before switching the terminal to raw mode.
  ///
  /// - Parameters:
  ///   - descriptor: The terminal being switched to raw mode.
  ///   - output: Where the cursor and screen escapes go.
  ///   - settings: The settings to restore.
  /// - Returns: Whether the slot was free and is now this terminal's.
  static func arm(descriptor: Int32, output: Int32, settings: termios) -> Bool {
    guard
      slot.compareExchange(expected: free, desired: writing, ordering: .acquiring).exchanged
    else { return false }
    saved = settings
    outputDescriptor.store(output, ordering: .relaxed)
    cursorHidden.store(false, ordering: .relaxed)
    alternateScreen.store(false, ordering: .relaxed)
    slot.store(descriptor, ordering: .releasing)
    installHandlersOnce()
    return true
  }

  /// Frees the slot if `descriptor` holds it.
  ///
  /// Call it after the terminal is restored, so a signal in between restores it again
  /// (harmless) rather than not at all.
  ///
  /// - Parameter descriptor: The terminal that was restored.
  static func disarm(descriptor: Int32) {
    cursorHidden.store(false, ordering: .relaxed)
    alternateScreen.store(false, ordering: .relaxed)
    // Fails when a handler claimed the slot meanwhile: the process is ending anyway.
    _ = slot.compareExchange(expected: descriptor, desired: free, ordering: .releasing)
  }

  /// Restores whatever the slot holds, using only async-signal-safe calls.
  ///
  /// The signal handlers and the exit hook call it; tests call it to prove what a signal
  /// would do. It leaves the slot free.
  static func restoreSaved() {
    let descriptor = slot.load(ordering: .acquiring)
    guard descriptor >= 0,
      slot.compareExchange(expected: descriptor, desired: claimed, ordering: .acquiring)
        .exchanged
    else { return }
    let output = outputDescriptor.load(ordering: .relaxed)
    if alternateScreen.exchange(false, ordering: .relaxed) {
      FileDescriptorWriter.writeStatic("\u{1B}[?1049l", to: output)
    }
    if cursorHidden.exchange(false, ordering: .relaxed) {
      FileDescriptorWriter.writeStatic("\u{1B}[?25h", to: output)
    }
    var settings = saved
    _ = tcsetattr(descriptor, TCSANOW, &settings)
    slot.store(free, ordering: .releasing)
  }

  private static func installHandlersOnce() {
    installed.withLock { installed in
      guard !installed else { return }
      installed = true
      // SIGINT and SIGTERM restore the terminal and exit, after any SignalExit hooks.
      SignalExit.installHandlers()
      atexit { TerminalRestoration.restoreSaved() }
    }
  }
}
