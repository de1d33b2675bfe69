import Foundation
import LoopSynchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Work that must be done before the process ends on SIGINT or SIGTERM: a recording's end
/// record, written after every record so far.
///
/// A signal handler may only call async-signal-safe functions, so it does not do the work:
/// it writes the signal's number to a pipe and returns. A thread of this type's own, blocked
/// on that pipe, runs the hooks (in the order they were added), restores the terminal, and
/// exits with 128 + the signal (130, 143), as a shell expects. A second signal while the
/// hooks run ends the process at once, so a hook that hangs cannot keep it alive.
///
/// Without hooks, the handlers restore the terminal and exit directly, as before.
package enum SignalExit {
  /// The hooks, run once on the signal thread; `sealed` once they have all run.
  private static let hooks = Mutex<(added: [@Sendable (Int32) -> Void], sealed: Bool)>(
    ([], false))
  /// Whether a hook is added (read by the handler: atomics are async-signal-safe).
  private static let armed = Atomic<Bool>(false)
  /// Set by the first signal that starts the hooks.
  private static let ending = Atomic<Bool>(false)
  /// The pipe's write end, for the handler.
  private static let pipeWriteEnd = Atomic<Int32>(-1)
  private static let installed = Mutex<Bool>(false)

  /// Runs `hook` with the signal's number before the process exits on SIGINT or SIGTERM.
  ///
  /// A hook added while the hooks run (a signal came while a recording was being started)
  /// runs too. Once they have all run the process is exiting: a caller adding one then never
  /// returns, so it cannot start what the hook was to end (a recording with no end record).
  package static func add(_ hook: @escaping @Sendable (Int32) -> Void) {
    installOnce()
    let added = hooks.withLock { hooks -> Bool in
      guard !hooks.sealed else { return false }
      hooks.added.append(hook)
      return true
    }
    guard added else {
      // The signal thread is about to call _exit.
      DispatchSemaphore(value: 0).wait()
      return
    }
    armed.store(true, ordering: .releasing)
  }

  /// Installs the handlers for SIGINT and SIGTERM (also used by ``TerminalRestoration``).
  static func installHandlers() {
    installHandler(for: SIGINT)
    installHandler(for: SIGTERM)
  }

  private static func installOnce() {
    installed.withLock { installed in
      guard !installed else { return }
      installed = true
      var ends: [Int32] = [0, 0]
      guard pipe(&ends) == 0 else { return }
      _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
      _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
      pipeWriteEnd.store(ends[1], ordering: .releasing)
      let readEnd = ends[0]
      let thread = Thread { waitForSignal(on: readEnd) }
      thread.name = "signal-exit"
      thread.start()
      installHandlers()
    }
  }

  private static func waitForSignal(on descriptor: Int32) {
    var signal: UInt8 = 0
    while read(descriptor, &signal, 1) != 1 {
      if errno != EINTR { return }
    }
    // Until none is left: a hook may be added while the others run (a recording started
    // while the database, whose hook came first, was being closed).
    var ran = 0
    while true {
      let due = hooks.withLock { hooks -> ArraySlice<@Sendable (Int32) -> Void> in
        let due = hooks.added.dropFirst(ran)
        if due.isEmpty { hooks.sealed = true }
        return due
      }
      guard !due.isEmpty else { break }
      for hook in due { hook(Int32(signal)) }
      ran += due.count
    }
    TerminalRestoration.restoreSaved()
    _exit(128 + Int32(signal))
  }

  private static func installHandler(for signal: Int32) {
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handleSignal
    #else
      action.__sigaction_u.__sa_handler = handleSignal
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    _ = sigaction(signal, &action, nil)
  }

  /// What the handler does.
  ///
  /// Hand the signal to the hooks' thread, or (with no hooks, or a second signal) restore the terminal and exit now. Async-signal-safe.
  fileprivate static func handle(_ signal: Int32) {
    let descriptor = pipeWriteEnd.load(ordering: .acquiring)
    if armed.load(ordering: .acquiring), descriptor >= 0,
      !ending.exchange(true, ordering: .acquiringAndReleasing)
    {
      var byte = UInt8(truncatingIfNeeded: signal)
      if write(descriptor, &byte, 1) == 1 { return }
    }
    TerminalRestoration.restoreSaved()
    _exit(128 + signal)
  }
}

/// The SIGINT/SIGTERM handler.
///
/// A global function, so it converts to a C function pointer;
/// it captures nothing and calls only async-signal-safe functions.
private func handleSignal(_ signal: Int32) {
  SignalExit.handle(signal)
}
