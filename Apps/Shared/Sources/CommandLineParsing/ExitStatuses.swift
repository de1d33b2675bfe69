/// The exit statuses of one kind of command, as its `--help` lists them under `EXIT STATUS:`.
///
/// A command line states the statuses its kind of command exits with, and only those: the
/// three apps share one rule (``app``, which `ExitCode` defines), while a tool such as
/// `conformance` or `fixture-server` has its own. ``CommandSpec/exitStatuses`` of the root
/// command is the block every `--help` of that command line prints, its subcommands' too.
///
/// ```swift
/// let spec = CommandSpec(
///   name: "fixture-server", abstract: "Serve the fixtures.",
///   exitStatuses: ExitStatuses([
///     .init("0", "Stopped by SIGINT or SIGTERM"),
///     .init("1", "Could not listen, or the listener failed: one error: line on stderr"),
///     .init("2", "Bad arguments: the usage line on stderr"),
///   ]))
/// ```
public struct ExitStatuses: Hashable, Sendable {
  /// One line of the block: a status and what it means.
  public struct Row: Hashable, Sendable {
    /// The status as printed: `0`, `130`.
    public var status: String
    /// What it means, one short line.
    public var meaning: String

    /// Creates a row.
    ///
    /// - Parameters:
    ///   - status: The status as printed.
    ///   - meaning: What it means, one short line.
    public init(_ status: String, _ meaning: String) {
      self.status = status
      self.meaning = meaning
    }
  }

  /// The rows, in the order `--help` prints them.
  public var rows: [Row]

  /// Creates a block.
  ///
  /// - Parameter rows: The statuses and their meanings; none prints no `EXIT STATUS:`
  ///   section.
  public init(_ rows: [Row]) {
    self.rows = rows
  }

  /// The rule of the three apps (`ExitCode`): 0 the whole answer, 1 a failure with nothing
  /// on standard output, 2 bad arguments, 3 a partial answer, 130 interrupted.
  public static let app = ExitStatuses([
    Row("0", "The whole answer, from the source asked for"),
    Row("1", "Failed: nothing printed on stdout, one error: line on stderr"),
    Row("2", "Bad arguments: the usage line on stderr"),
    Row("3", "Partial: some is missing or from the fixtures; stderr says what"),
    Row("130", "Interrupted by Ctrl-C (143 by SIGTERM)"),
  ])
}
