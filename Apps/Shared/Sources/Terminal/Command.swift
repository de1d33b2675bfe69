import Foundation

/// A command line, or one of its subcommands, as a value: made from its parsed arguments,
/// then run.
///
/// The type declares what it accepts (``spec``, and ``subcommands``, each a command type of
/// its own); ``init(_:environment:)`` reads every option and argument through typed handles
/// (``Flag``, ``OptionValue``, ``Argument``), so a bad value is a ``UsageError`` before
/// anything runs and a misspelt name does not compile; ``run()`` does the work.
/// ``main(arguments:environment:)`` parses the process's arguments against the whole tree,
/// makes the command the words name, runs it and exits as ``CLI`` does.
///
/// ```swift
/// struct Greet: Command {
///   static let name = Argument<String>("name", help: "Who to greet")
///   static let spec = CommandSpec(name: "greet", positionals: [name.positional])
///   let who: String
///   init(_ arguments: ParsedArguments, environment: [String: String]) throws {
///     who = try arguments.value(Self.name) ?? "world"
///   }
///   func run() async throws { StandardOutput.writeLine("hello, \(who)") }
/// }
/// await Greet.main()
/// ```
public protocol Command: Sendable {
  /// What this command accepts: its name, abstract, options and arguments. Its
  /// `subcommands` stay empty: ``commandLine`` adds those of ``subcommands``.
  static var spec: CommandSpec { get }

  /// The commands under this one (`plan add` is under `plan`); none by default.
  static var subcommands: [any Command.Type] { get }

  /// Makes the command from the parsed command line.
  ///
  /// - Parameters:
  ///   - arguments: The parsed command line, whose path names this command.
  ///   - environment: The process environment.
  /// - Throws: ``UsageError`` for a bad argument; any error the command cannot start with.
  init(_ arguments: ParsedArguments, environment: [String: String]) throws

  /// Does what the command line asked.
  ///
  /// - Throws: What ``CLI/exitCode(for:errorOutput:)`` turns into the exit status.
  func run() async throws
}

extension Command {
  /// No subcommands.
  public static var subcommands: [any Command.Type] { [] }

  /// The whole command line: ``spec`` with every subcommand's, to parse and to print help.
  public static var commandLine: CommandSpec {
    var line = spec
    line.subcommands = subcommands.map { $0.commandLine }
    return line
  }

  /// The command type a parsed subcommand path names: this one for an empty path.
  ///
  /// - Parameter path: The subcommand names, as ``ParsedArguments/subcommandPath`` has them.
  /// - Returns: The command type.
  public static func type(at path: some Collection<String>) -> any Command.Type {
    guard let name = path.first else { return self }
    guard let next = subcommands.first(where: { $0.spec.name == name }) else {
      preconditionFailure("'\(spec.name)' has no subcommand \(name); the parser refuses it")
    }
    return next.type(at: path.dropFirst())
  }

  /// Makes the command the parsed arguments name.
  ///
  /// - Parameters:
  ///   - arguments: The parsed command line.
  ///   - environment: The process environment.
  /// - Returns: The command.
  /// - Throws: What its ``init(_:environment:)`` throws.
  public static func make(_ arguments: ParsedArguments, environment: [String: String]) throws
    -> any Command
  {
    try type(at: arguments.subcommandPath).init(arguments, environment: environment)
  }

  /// Parses `arguments` against ``commandLine``, runs the command they name and exits, as
  /// ``CLI/run(_:arguments:_:)`` does.
  ///
  /// - Parameters:
  ///   - arguments: The arguments, without the executable's name; the process's by default.
  ///   - environment: The environment; the process's by default.
  /// - Returns: Never: the process exits.
  nonisolated(nonsending) public static func main(
    arguments: [String] = Array(CommandLine.arguments.dropFirst()),
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) async -> Never {
    await CLI.run(commandLine, arguments: arguments) { parsed in
      try await make(parsed, environment: environment).run()
    }
  }
}
