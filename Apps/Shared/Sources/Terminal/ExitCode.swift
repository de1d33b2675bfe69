/// The exit statuses the apps use: one rule for all three, printed by every `--help`
/// (`ExitStatuses.app`).
///
/// - 0: the whole answer, from the source asked for.
/// - 1: a failure: nothing of the answer was printed (standard output is empty, also with
///   `--json`), and one `error:` line on standard error says why.
/// - 2: the command line was wrong; nothing ran.
/// - 3: a partial answer: it was printed, but part of it is missing (a page, a forecast, the
///   rest of a result list) or comes from the bundled fixtures because the live source could
///   not answer. A line on standard error, starting with the app's name, says what and why,
///   and the JSON marks it where it is (`"offline": true`, a `next_page_error`, a
///   `forecast_error`).
/// - 130: interrupted with Control-C; 143 on SIGTERM.
///
/// Throw one from the body of `CLI.run(_:)` to exit with it quietly (after printing
/// whatever the app printed itself).
public enum ExitCode: Int32, Error, Hashable, Sendable {
  /// The whole answer, from the source asked for.
  case success = 0
  /// The command ran and failed (a network error, a missing trail) and printed nothing of
  /// its answer.
  case failure = 1
  /// The command line was wrong; nothing ran.
  case usage = 2
  /// The command printed its answer, but part of it is missing or comes from the bundled
  /// fixtures because the live source could not answer: a script can tell an outage from a
  /// complete (or empty) result without reading standard error.
  case partial = 3
  /// The user interrupted with Control-C: 128 + SIGINT, what a shell reports for a killed
  /// process.
  case interrupted = 130
}
