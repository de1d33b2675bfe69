import LoopSynchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Work that must be done however the process ends: on `exit` (every way `CLI` ends a
/// command, and a write to standard output that fails), and on SIGINT or SIGTERM, before
/// the process exits with 130 or 143.
///
/// For what a deinit would do but cannot: `exit` runs no deinit, and a task still running
/// when a command returns may hold the last reference anyway. trails closes its database
/// here, so that SQLite folds the `-wal` file back in and removes it.
///
/// A hook runs once, in the order the hooks were added: on the thread that calls `exit`, or
/// on the signal's own thread (in turn with the hooks that end a recording, as
/// `CommandRecording` does). It must not wait for long: a second signal ends the process
/// at once. trails adds one when it opens its database: `ProcessEnd.add { database.close(...) }`.
public enum ProcessEnd {
  /// The hooks not run yet.
  private static let hooks = Mutex<[@Sendable () -> Void]>([])
  /// Whether the `atexit` and signal hooks are installed.
  private static let installed = Mutex<Bool>(false)

  /// Runs `hook` once, when the process exits or is ended by SIGINT or SIGTERM.
  ///
  /// - Parameter hook: The work; it runs on whatever thread ends the process.
  public static func add(_ hook: @escaping @Sendable () -> Void) {
    installOnce()
    hooks.withLock { $0.append(hook) }
  }

  /// Runs the hooks added so far, each once: the exit and signal paths both call it.
  static func runHooks() {
    let due = hooks.withLock { hooks in
      let due = hooks
      hooks = []
      return due
    }
    for hook in due { hook() }
  }

  private static func installOnce() {
    installed.withLock { installed in
      guard !installed else { return }
      installed = true
      atexit { ProcessEnd.runHooks() }
      SignalExit.add { _ in ProcessEnd.runHooks() }
    }
  }
}
