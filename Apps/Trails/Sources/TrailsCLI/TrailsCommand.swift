import CommandLineParsing
import TrailsFeature

/// The `trails` command: with no subcommand, the interactive planner on a terminal.
///
/// Each subcommand is a command value of its own (`RegionCommand`, `PlanAddCommand`, ...),
/// made from its arguments before anything runs.
public struct TrailsCommand: Command {
  /// The options of `trails`, which every subcommand accepts and reads.
  public struct Arguments: CommandArguments {
    /// `--json`, `--db`, the source options and `--record`.
    let trails = TrailsOptions.Arguments()

    /// The declarations.
    public init() {}
  }

  /// What `trails` is (``Command/commandLine`` adds its options and subcommands).
  public static let spec = CommandSpec(
    name: "trails",
    abstract: "Explore trails, plan a trip by day, and see the weather at each trailhead.",
    version: "1.0.0")

  /// `regions`, `region`, `trail`, `plan` and `open`.
  public static var subcommands: [any Command.Type] {
    [
      RegionsCommand.self, RegionCommand.self, TrailCommand.self, PlanCommand.self,
      OpenCommand.self,
    ]
  }

  private let options: TrailsOptions

  /// Reads `trails`'s options.
  ///
  /// - Parameters:
  ///   - arguments: The parsed command line.
  ///   - environment: The process environment (unused: the terminal is detected at run).
  /// - Throws: ``UsageError`` for a bad value.
  public init(_ arguments: Parsed<Arguments>, environment: [String: String]) throws {
    options = try TrailsOptions(arguments.trails)
  }

  /// Runs the interactive planner.
  ///
  /// - Throws: ``UsageError`` when the terminal is not one, `CommandFailure` when the plan
  ///   cannot be restored or saved, ``ExitCode/interrupted`` after Control-C.
  public func run() async throws {
    try await options.recorded { slot in try await Interactive.run(options, recording: slot) }
  }
}
