/// The exit statuses the apps use.
///
/// Throw one from the body of ``CLI/run(_:)`` to exit with it quietly (after printing
/// whatever the app printed itself).
public enum ExitCode: Int32, Error, Hashable, Sendable {
  /// Everything worked.
  case success = 0
  /// The command ran and failed (a network error, a missing trail).
  case failure = 1
  /// The command line was wrong; nothing ran.
  case usage = 2
  /// The command printed its answer, but from the bundled fixtures because the live source
  /// could not answer (`movie-search`'s offline results): a script can tell an outage from
  /// an empty result without reading standard error.
  case fallback = 3
  /// The user interrupted with Control-C: 128 + SIGINT, what a shell reports for a killed
  /// process.
  case interrupted = 130
}
