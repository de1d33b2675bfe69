import Terminal
import TrailsFeature

/// The `trails` command: with no subcommand, the interactive planner on a terminal.
///
/// Each subcommand is a command value of its own (`RegionCommand`, `PlanAddCommand`, ...),
/// made from its arguments before anything runs.
public struct TrailsCommand: Command {
  /// What `trails` accepts, without its subcommands (``Command/commandLine`` has them all).
  public static let spec = CommandSpec(
    name: "trails",
    abstract: "Explore trails, plan a trip by day, and see the weather at each trailhead.",
    version: "1.0.0", options: TrailsOptions.all)

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
  public init(_ arguments: ParsedArguments, environment: [String: String]) throws {
    options = try TrailsOptions(arguments)
  }

  /// Runs the interactive planner.
  ///
  /// - Throws: ``UsageError`` when the terminal is not one, `CommandFailure` when the plan
  ///   cannot be restored or saved, ``ExitCode/interrupted`` after Control-C.
  public func run() async throws {
    try await options.recorded { slot in try await Interactive.run(options, recording: slot) }
  }
}
