import Foundation

/// A command line, or one of its subcommands, as a value: made from its parsed arguments,
/// then run.
///
/// The type declares what it accepts once: ``spec`` names it, `Arguments` holds its
/// options and arguments (each a ``Flag``, ``OptionValue`` or ``Argument``, with its help and
/// default), and ``subcommands`` lists the command types under it. ``commandLine`` makes the
/// whole spec from them, so nothing declared is missing from it. ``init(_:environment:)``
/// reads each declaration through its key path (``Parsed``), typed, so a bad value is a
/// ``UsageError`` before anything runs and a misspelt name does not compile; ``run()`` does
/// the work. `main(arguments:environment:)` parses the process's arguments against the
/// whole tree, makes the command the words name, runs it and exits as `CLI` does.
///
/// ```swift
/// struct Greet: Command {
///   struct Arguments: CommandArguments {
///     let name = Argument<String>("name", help: "Who to greet")
///     let times = OptionValue<Int>("times", valueName: "N", help: "How often", default: 1)
///   }
///   static let spec = CommandSpec(name: "greet", abstract: "Say hello.")
///   let who: String
///   let times: Int
///   init(_ arguments: Parsed<Arguments>, environment: [String: String]) throws {
///     who = try arguments.name
///     times = try arguments.times
///   }
///   func run() async throws {
///     for _ in 0..<times { StandardOutput.writeLine("hello, \(who)") }
///   }
/// }
/// await Greet.main()
/// ```
public protocol Command: Sendable {
  /// The command's options and arguments: ``NoArguments`` unless it declares some.
  associatedtype Arguments: CommandArguments = NoArguments

  /// The command's name, abstract, version and exit statuses. Its options, positionals and
  /// subcommands stay empty: ``commandLine`` adds them from `Arguments` and
  /// ``subcommands``.
  static var spec: CommandSpec { get }

  /// The commands under this one (`plan add` is under `plan`); none by default.
  static var subcommands: [any Command.Type] { get }

  /// Makes the command from the parsed command line.
  ///
  /// - Parameters:
  ///   - arguments: The parsed command line, read through `Arguments`.
  ///   - environment: The process environment.
  /// - Throws: ``UsageError`` for a bad argument; any error the command cannot start with.
  init(_ arguments: Parsed<Arguments>, environment: [String: String]) throws

  /// Does what the command line asked.
  ///
  /// - Throws: What `CLI.exitCode(for:errorOutput:)` turns into the exit status.
  func run() async throws
}

extension Command {
  /// No subcommands.
  public static var subcommands: [any Command.Type] { [] }

  /// The whole command line: ``spec`` with the options and arguments `Arguments`
  /// declares, and every subcommand's, to parse and to print help.
  public static var commandLine: CommandSpec { commandLine(inheriting: []) }

  /// The command line of this command under ancestors whose subcommands accept `inherited`.
  private static func commandLine(inheriting inherited: [Option]) -> CommandSpec {
    var line = spec
    precondition(
      line.options.isEmpty && line.positionals.isEmpty && line.subcommands.isEmpty,
      "'\(spec.name)': declare options and arguments in Arguments, subcommands in subcommands")
    let declared = Arguments().declarations
    for option in declared.inherited {
      precondition(
        inherited.contains(option),
        "'\(spec.name)' reads --\(option.long) as Inherited, but no command above declares it")
    }
    line.options = declared.options
    line.positionals = declared.positionals
    let inScope = inherited + declared.options.filter(\.isInherited)
    line.subcommands = subcommands.map { $0.commandLine(inheriting: inScope) }
    return line
  }

  /// The command type a parsed subcommand path names: this one for an empty path.
  ///
  /// - Parameter path: The subcommand names, from this command down.
  /// - Returns: The command type.
  static func type(at path: some Collection<String>) -> any Command.Type {
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
    try type(at: arguments.subcommandPath).made(from: arguments, environment: environment)
  }

  /// This command, made from `arguments`.
  private static func made(from arguments: ParsedArguments, environment: [String: String])
    throws -> Self
  {
    try Self(Arguments().read(from: arguments), environment: environment)
  }
}
