#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How the apps end when standard output cannot be written (see ``StandardOutput``).
package enum OutputFailure {
  /// Ends the process for the write error `code`.
  ///
  /// Quietly with status 0 for a closed pipe, else with one line on standard error and
  /// status 1. `atexit` hooks run, so a terminal in raw mode is restored.
  package static func end(_ code: Int32) -> Never {
    guard code != EPIPE else { exit(ExitCode.success.rawValue) }
    let reason = String(cString: strerror(code))
    FileDescriptorWriter.write(
      "error: cannot write to standard output: \(reason)\n", to: STDERR_FILENO)
    exit(ExitCode.failure.rawValue)
  }

  /// Makes a closed pipe a write error (`EPIPE`) instead of a `SIGPIPE` that kills the
  /// process with status 141, so ``end(_:)`` decides.
  package static func ignoreBrokenPipeSignal() {
    signal(SIGPIPE, SIG_IGN)
  }
}
