/// What parsing a command line produced: arguments to run with, or text to print.
///
/// Help and version are results, not errors: print the text on standard output and exit
/// with `ExitCode.success`. `CLI.run(_:arguments:_:)` does that.
public enum ParseResult: Hashable, Sendable {
  /// The arguments fit the spec; run the command.
  case run(ParsedArguments)
  /// `--help` or `-h` was given: the help text of the subcommand reached.
  case help(String)
  /// `--version` was given: the root command's name and version, such as `movies 1.0.0`.
  case version(String)
}
