#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The write end of the signal pipe, for ``handleSignal(_:)``.
///
/// `nonisolated(unsafe)` because a C signal handler can capture nothing, so it must read a
/// global, and Swift 6 rejects a plain mutable global. It is safe: ``SignalPipe/install()``
/// writes it exactly once, before `sigaction` installs the handler (a system call, which
/// orders the write before any delivery), and afterwards it is only read. Its initial value
/// is a constant, so no lazy initialization can run inside the handler.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// SIGINT and SIGTERM turned into a byte on a pipe (the self-pipe trick), so a thread can
/// wait for them with a plain blocking `read` and stop the server outside signal context.
enum SignalPipe {
  /// Creates the pipe and installs the handlers for SIGINT and SIGTERM; ignores SIGPIPE (a
  /// client that hangs up mid-response must not kill the server).
  ///
  /// Call it once, before starting the server.
  ///
  /// - Returns: The read end, for ``waitForSignal(readEnd:)``.
  /// - Throws: ``SignalPipeError`` when the pipe cannot be created.
  static func install() throws(SignalPipeError) -> Int32 {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw SignalPipeError(code: errno) }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    // The handler must never block: with the pipe full, a signal is already pending.
    _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
    signalPipeWriteEnd = ends[1]
    for signal in [SIGINT, SIGTERM] {
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
    _ = signal(SIGPIPE, SIG_IGN)
    return ends[0]
  }

  /// Blocks until SIGINT or SIGTERM arrives.
  ///
  /// - Parameter readEnd: What ``install()`` returned.
  /// - Returns: The signal's number.
  static func waitForSignal(readEnd: Int32) -> Int32 {
    var byte: UInt8 = 0
    // Bounded in practice: each pass either returns or was interrupted by a signal, which
    // wrote the byte the next pass reads.
    while true {
      let count = read(readEnd, &byte, 1)
      if count == 1 { return Int32(byte) }
      if count < 0, errno == EINTR { continue }
      // The pipe cannot close while the process lives; treat anything else as a stop.
      return SIGTERM
    }
  }
}

/// The SIGINT/SIGTERM handler: writes the signal's number to the pipe.
///
/// A global function, so it converts to a C function pointer; it captures nothing, calls
/// only `write` (async-signal-safe) and restores `errno`, which the interrupted code may be
/// about to read.
private func handleSignal(_ signal: Int32) {
  let savedErrno = errno
  var byte = UInt8(truncatingIfNeeded: signal)
  _ = write(signalPipeWriteEnd, &byte, 1)
  errno = savedErrno
}
