/// The shape of a command line: a command's name, options, positional arguments and
/// subcommands, from which parsing and help text both follow.
///
/// ```swift
/// let spec = CommandSpec(
///   name: "trails", abstract: "Explore trails and plan a trip.", version: "1.0.0",
///   options: [.flag("json", help: "Print JSON instead of text.")],
///   subcommands: [
///     CommandSpec(name: "plan", abstract: "Show the plan.", subcommands: [
///       CommandSpec(name: "add", abstract: "Add a trail to the plan.",
///                   options: [.value("day", short: "d", help: "The day.", default: "1")],
///                   positionals: [Positional("trail", help: "The trail's id.")]),
///     ]),
///   ])
/// switch try spec.parse(CommandLine.arguments.dropFirst()) {
/// case .run(let parsed): try await run(parsed)  // what `trails plan add` runs with
/// case .help(let text), .version(let text): StandardOutput.writeLine(text)
/// }
/// ```
///
/// `CLI.run(_:arguments:_:)` does that switch, and the error handling, for you.
///
/// The rules:
/// - `--name value`, `--name=value` and `-n value` set an option; `--flag` sets a flag.
///   An option's value may start with `-` only when it is a number (`--offset -2`).
/// - `--` ends the options: everything after it is positional.
/// - An option given twice is a usage error (not last-wins): a repeated option is more often
///   a slip than a decision, and saying so beats silently dropping one.
/// - Unknown options, missing values, a value for a flag, missing or extra positionals, and
///   unknown subcommands are usage errors (``UsageError``), with a suggestion for a near miss.
/// - `--help` or `-h` anywhere (before `--`) returns ``ParseResult/help(_:)`` for the
///   subcommand reached, whatever else is wrong; `--version` anywhere returns
///   ``ParseResult/version(_:)`` when the root command has a version.
/// - A subcommand is recognized where the command has read no positional yet; the options of
///   every command on the path are accepted after it. A command with subcommands runs
///   without one (the command itself then runs).
public struct CommandSpec: Hashable, Sendable {
  /// The command's name: the executable for the root (`trails`), the word for a subcommand
  /// (`plan`).
  public var name: String
  /// One line saying what the command does; the first line of its help.
  public var abstract: String
  /// The version `--version` prints (root command only); `nil` rejects `--version`.
  public var version: String?
  /// The command's options, in help order; `help` and `version` are reserved.
  public var options: [Option]
  /// The command's positional arguments, in order.
  public var positionals: [Positional]
  /// The command's subcommands, in help order.
  public var subcommands: [CommandSpec]
  /// The exit statuses of this kind of command, listed under `EXIT STATUS:` by `--help`:
  /// the apps' rule (``ExitStatuses/app``) unless the command states its own.
  ///
  /// The root command's block is the one every help of the command line prints, its
  /// subcommands' included: a subcommand's own is not read.
  public var exitStatuses: ExitStatuses

  /// Creates a command.
  ///
  /// - Parameters:
  ///   - name: The executable's name, or the subcommand's word.
  ///   - abstract: One line saying what the command does.
  ///   - version: The version, for the root command.
  ///   - options: The options.
  ///   - positionals: The positional arguments; required before optional.
  ///   - subcommands: The subcommands.
  ///   - exitStatuses: The exit statuses of this kind of command, for the root command;
  ///     the apps' rule by default.
  public init(
    name: String, abstract: String = "", version: String? = nil, options: [Option] = [],
    positionals: [Positional] = [], subcommands: [CommandSpec] = [],
    exitStatuses: ExitStatuses = .app
  ) {
    self.name = name
    self.abstract = abstract
    self.version = version
    self.options = options
    self.positionals = positionals
    self.subcommands = subcommands
    self.exitStatuses = exitStatuses
  }

  /// Parses command-line arguments (without the executable's name) against this spec.
  ///
  /// A spec that contradicts itself (a duplicate option name, a required positional after
  /// an optional one, an option named `help`) stops the program with a message naming the
  /// mistake: that is a programming error, not a usage error.
  ///
  /// A command with subcommands also takes `help [<subcommand>...]`, which is the
  /// subcommand's `--help`.
  ///
  /// - Parameter arguments: The arguments, such as `CommandLine.arguments.dropFirst()`.
  /// - Returns: What to run, or the help or version text to print.
  /// - Throws: ``UsageError`` when the arguments do not fit the spec.
  public func parse(_ arguments: some Sequence<String>) throws(UsageError) -> ParseResult {
    var arguments = Array(arguments)
    // `help plan add` is `plan add --help`, as in git, for a command with subcommands.
    if arguments.first == "help", !subcommands.isEmpty,
      !subcommands.contains(where: { $0.name == "help" })
    {
      var command = self
      // The subcommand names come first; options (and their values) may follow.
      for word in arguments.dropFirst().prefix(while: { !$0.hasPrefix("-") }) {
        guard let next = command.subcommands.first(where: { $0.name == word }) else {
          // Not a subcommand: parsing the words without --help reports it, with a hint.
          var parser = ArgumentParser(root: self, arguments: Array(arguments.dropFirst()))
          return try parser.parse()
        }
        command = next
      }
      arguments = Array(arguments.dropFirst()) + ["--help"]
    }
    var parser = ArgumentParser(root: self, arguments: arguments)
    return try parser.parse()
  }

  /// The help text of this command, or of the subcommand at `path`.
  ///
  /// It is what `--help` returns: abstract, usage line, then arguments, options (with their
  /// defaults) and subcommands in aligned columns, and the root's ``exitStatuses``. No
  /// trailing newline.
  ///
  /// - Parameter path: Subcommand names from this command down, such as `["plan", "add"]`.
  /// - Returns: The help text.
  public func helpText(for path: [String] = []) -> String {
    HelpFormatter(root: self, path: commands(along: path)).help()
  }

  /// The usage line of this command or of the subcommand at `path`, such as
  /// `usage: trails plan add [options] <trail>`.
  ///
  /// Usage errors end with it.
  ///
  /// - Parameter path: Subcommand names from this command down.
  /// - Returns: The line, starting with `usage: `.
  public func usageLine(for path: [String] = []) -> String {
    "usage: " + HelpFormatter(root: self, path: commands(along: path)).synopsis()
  }

  /// The commands from this one along `path`, stopping at the first unknown name.
  private func commands(along path: [String]) -> [CommandSpec] {
    var commands = [self]
    for name in path {
      guard let next = commands[commands.count - 1].subcommands.first(where: { $0.name == name })
      else { break }
      commands.append(next)
    }
    return commands
  }
}
