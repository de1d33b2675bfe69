import CalendarDay
import Terminal
import TrailsFeature
import TrailsModel

/// The `trails` command line: its spec, and what each subcommand sends and waits for.
public enum TrailsCommand {
  /// The command line `trails` accepts.
  public static let spec = CommandSpec(
    name: "trails",
    abstract: "Explore trails, plan a trip by day, and see the weather at each trailhead.",
    version: "1.0.0",
    options: [
      .flag("json", help: "Print JSON instead of text"),
      .value(
        "db", valueName: "PATH",
        help: "The plan's database (default: $XDG_DATA_HOME/trails/trails.sqlite)"),
    ] + SourceOptions.options(service: "Open-Meteo") + [RecordOption.option],
    subcommands: [
      CommandSpec(name: "regions", abstract: "List the regions."),
      CommandSpec(
        name: "region", abstract: "Show a region and its trails.",
        positionals: [Positional("id", help: "The region's id, such as silver-coast")]),
      CommandSpec(
        name: "trail", abstract: "Show a trail and the forecast at its trailhead.",
        positionals: [Positional("id", help: "The trail's id, such as gull-point-loop")]),
      planSpec,
      CommandSpec(
        name: "open",
        abstract: "Open a link: trails://region/<id>, trails://trail/<id>, trails://plan.",
        positionals: [Positional("link", help: "The deep link")]),
    ])

  private static let trail = Positional("trail", help: "The trail's id")

  private static let planSpec = CommandSpec(
    name: "plan", abstract: "Show the plan, with totals and forecasts, or change it.",
    subcommands: [
      CommandSpec(
        name: "add", abstract: "Add a trail to a day of the plan.",
        options: [.value("day", valueName: "N", help: "The day", default: "1")],
        positionals: [trail]),
      CommandSpec(
        name: "remove", abstract: "Remove a trail from a day, or from every day.",
        options: [.value("day", valueName: "N", help: "The day (default: every day)")],
        positionals: [trail]),
      CommandSpec(
        name: "move", abstract: "Move a trail to another day.",
        options: [
          .value("to-day", valueName: "N", help: "The day to move it to (required)"),
          .value("day", valueName: "N", help: "The day it is on, when it is on several"),
        ],
        positionals: [trail]),
      CommandSpec(
        name: "date", abstract: "Set the day the plan starts.",
        positionals: [Positional("date", help: "The start day, YYYY-MM-DD")]),
      CommandSpec(name: "clear", abstract: "Remove every day from the plan."),
    ])

  /// Runs the command the arguments name: the interactive planner with none.
  ///
  /// - Parameter arguments: The parsed command line.
  /// - Throws: ``UsageError`` for bad arguments, `CommandFailure` when the command fails,
  ///   ``ExitCode/interrupted`` after Control-C.
  public static func run(_ arguments: ParsedArguments) async throws {
    let slot = RecordingSlot(path: try RecordOption.path(in: arguments))
    // Written whatever the outcome: a failed run is what a bug report needs most.
    try await CommandRecording.writing(slot.recording) {
      try await run(arguments, recording: slot)
    }
  }

  private static func run(_ arguments: ParsedArguments, recording: RecordingSlot) async throws {
    guard !arguments.subcommandPath.isEmpty else {
      try await Interactive.run(arguments, recording: recording)
      return
    }
    let edit = try self.edit(arguments)
    // Only an edit writes; every other command opens the database read-only, or not at all.
    let composition = try Composition(
      arguments, access: edit == nil ? .readOnly : .readWrite, recording: recording)
    let output = Output(json: arguments.flag("json"), notice: composition.isDefaultOffline)
    if let edit {
      try await perform(edit, composition, output)
      return
    }
    switch arguments.subcommandPath {
    case ["regions"]:
      let recording = try PlannerRun(composition)
      defer { recording.end() }
      try output.regions(try await recording.restored())
    case ["region"]:
      try await show(.show(.region(arguments.positional(named: "id") ?? "")), composition, output)
    case ["trail"]:
      try await show(.show(.trail(arguments.positional(named: "id") ?? "")), composition, output)
    case ["plan"]:
      let recording = try PlannerRun(composition, requests: [.select(.plan)])
      defer { recording.end() }
      _ = try await recording.restored()
      try output.plan(await recording.forecastsSettled())
    case ["open"]:
      let link = arguments.positional(named: "link") ?? ""
      // A link that is not one is a bad argument (exit 2); a good link to nothing is not.
      guard Trails.DeepLink(link) != nil else {
        throw UsageError(Trails.Problem.malformedLink(link).message, usage: arguments.usage)
      }
      try await show(.open(link), composition, output)
    default:
      throw UsageError("unknown command", usage: arguments.usage)
    }
  }

  /// Sends an edit, waits for the restore to apply it and for the save, then confirms.
  private static func perform(
    _ edit: Trails.PlanEdit, _ composition: Composition, _ output: Output
  ) async throws {
    let recording = try PlannerRun(composition, requests: [.edit(edit)])
    defer { recording.end() }
    _ = try await recording.restored()
    let state = try await recording.saved()
    if output.json {
      try output.plan(await recording.forecastsSettled())
    } else {
      output.line(Confirmation.text(for: edit, in: state))
    }
  }

  /// Sends a navigation request, then prints the screen it leads to.
  private static func show(_ event: Trails.Event, _ composition: Composition, _ output: Output)
    async throws
  {
    let recording = try PlannerRun(composition, requests: [event])
    defer { recording.end() }
    let state = try await recording.restored()
    switch (state.tab, state.shownRoute) {
    case (_, .trail(let id)?):
      try output.trail(id, await recording.forecastsSettled())
    case (.explore, .region(let id)?):
      try output.region(id, state)
    case (.explore, nil):
      try output.regions(state)
    case (.plan, .region?), (.plan, nil):
      try output.plan(await recording.forecastsSettled())
    }
  }

  /// The day option `name`, if given: a bad argument (exit 2) outside the plan's days.
  private static func day(_ name: String, _ arguments: ParsedArguments) throws -> Int? {
    try arguments.value(name, as: Int.self, in: Trails.dayRange, noun: "a day")
  }

  /// The plan edit the arguments ask for, or `nil` for a command that reads.
  private static func edit(_ arguments: ParsedArguments) throws -> Trails.PlanEdit? {
    var trail: String { arguments.positional(named: "trail") ?? "" }
    switch arguments.subcommandPath {
    case ["plan", "add"]:
      return .add(trailID: trail, day: try day("day", arguments) ?? 1)
    case ["plan", "remove"]:
      return .remove(trailID: trail, day: try day("day", arguments))
    case ["plan", "move"]:
      guard let target = try day("to-day", arguments) else {
        throw UsageError("plan move needs --to-day N", usage: arguments.usage)
      }
      return .move(trailID: trail, from: try day("day", arguments), to: target)
    case ["plan", "date"]:
      let text = arguments.positional(named: "date") ?? ""
      guard let day = Day(text) else {
        throw UsageError(
          "<date> expects a day as YYYY-MM-DD, got '\(text)'", usage: arguments.usage)
      }
      return .setStart(day)
    case ["plan", "clear"]:
      return .clear
    default:
      return nil
    }
  }
}
