import CalendarDay
import CommandLineParsing
import TrailsFeature

// `trails plan` and the edits under it: each edit is a value made from its arguments, the
// `Trails.PlanEdit` it sends, checked before the database is opened.

/// `trails plan`: the plan, with totals and forecasts.
struct PlanCommand: Command {
  struct Arguments: CommandArguments {
    let trails = Inherited(TrailsOptions.Arguments())
  }
  static let spec = CommandSpec(
    name: "plan", abstract: "Show the plan, with totals and forecasts, or change it.")
  static var subcommands: [any Command.Type] {
    [
      PlanAddCommand.self, PlanRemoveCommand.self, PlanMoveCommand.self, PlanDateCommand.self,
      PlanClearCommand.self,
    ]
  }
  let options: TrailsOptions

  init(_ arguments: Parsed<Arguments>, environment: [String: String]) throws {
    options = try TrailsOptions(arguments.trails)
  }

  func run() async throws {
    try await options.recorded { slot in
      try await Composition.using(options, access: .readOnly, recording: slot) { composition in
        let output = Output(json: options.json, notice: composition.isDefaultOffline)
        let run = try PlannerRun(composition, requests: [.select(.plan)])
        defer { run.end() }
        _ = try await run.restored()
        let settled = await run.forecastsSettled()
        // What is printed next is in the recording first, so a crash cannot take it from the file.
        await slot.recording.written()
        try output.plan(settled)
      }
    }
  }

  /// `<trail>`, which every edit of one trail names.
  static let trail = Argument<String>("trail", help: "The trail's id")

  /// A day option with no default: a bad argument (exit 2) outside the plan's days.
  static func day(_ long: String, help: String) -> OptionValue<Int?> {
    OptionValue(long, valueName: "N", help: help, in: Trails.dayRange, noun: "a day")
  }
}

/// A command that sends one edit of the plan and confirms it once saved.
protocol PlanEditCommand: Command {
  /// The options of `trails`.
  var options: TrailsOptions { get }
  /// The edit the arguments ask for.
  var edit: Trails.PlanEdit { get }
}

extension PlanEditCommand {
  func run() async throws {
    try await options.perform(edit)
  }
}

/// `trails plan add <trail> [--day N]`.
struct PlanAddCommand: PlanEditCommand {
  struct Arguments: CommandArguments {
    let trails = Inherited(TrailsOptions.Arguments())
    let day = OptionValue<Int>(
      "day", valueName: "N", help: "The day", default: 1, in: Trails.dayRange, noun: "a day")
    let trail = PlanCommand.trail
  }
  static let spec = CommandSpec(name: "add", abstract: "Add a trail to a day of the plan.")
  let options: TrailsOptions
  let edit: Trails.PlanEdit

  init(_ arguments: Parsed<Arguments>, environment: [String: String]) throws {
    options = try TrailsOptions(arguments.trails)
    edit = .add(trailID: try arguments.trail, day: try arguments.day)
  }
}

/// `trails plan remove <trail> [--day N]`.
struct PlanRemoveCommand: PlanEditCommand {
  struct Arguments: CommandArguments {
    let trails = Inherited(TrailsOptions.Arguments())
    let day = PlanCommand.day("day", help: "The day (default: every day)")
    let trail = PlanCommand.trail
  }
  static let spec = CommandSpec(
    name: "remove", abstract: "Remove a trail from a day, or from every day.")
  let options: TrailsOptions
  let edit: Trails.PlanEdit

  init(_ arguments: Parsed<Arguments>, environment: [String: String]) throws {
    options = try TrailsOptions(arguments.trails)
    edit = .remove(trailID: try arguments.trail, day: try arguments.day)
  }
}

/// `trails plan move <trail> --to-day N [--day N]`.
struct PlanMoveCommand: PlanEditCommand {
  struct Arguments: CommandArguments {
    let trails = Inherited(TrailsOptions.Arguments())
    let toDay = PlanCommand.day("to-day", help: "The day to move it to (required)")
    let day = PlanCommand.day("day", help: "The day it is on, when it is on several")
    let trail = PlanCommand.trail
  }
  static let spec = CommandSpec(name: "move", abstract: "Move a trail to another day.")
  let options: TrailsOptions
  let edit: Trails.PlanEdit

  init(_ arguments: Parsed<Arguments>, environment: [String: String]) throws {
    options = try TrailsOptions(arguments.trails)
    let trail = try arguments.trail
    guard let target = try arguments.toDay else {
      throw UsageError("plan move needs --to-day N", usage: arguments.usage)
    }
    edit = .move(trailID: trail, from: try arguments.day, to: target)
  }
}

/// `trails plan date <date>`.
struct PlanDateCommand: PlanEditCommand {
  struct Arguments: CommandArguments {
    let trails = Inherited(TrailsOptions.Arguments())
    let date = Argument<StartDay>("date", help: "The start day, YYYY-MM-DD")
  }
  static let spec = CommandSpec(name: "date", abstract: "Set the day the plan starts.")
  let options: TrailsOptions
  let edit: Trails.PlanEdit

  init(_ arguments: Parsed<Arguments>, environment: [String: String]) throws {
    options = try TrailsOptions(arguments.trails)
    edit = .setStart(try arguments.date.day)
  }

  /// A plan's start day as an argument: `YYYY-MM-DD`.
  struct StartDay: ArgumentValue {
    static var expectation: String { "a day as YYYY-MM-DD" }
    let day: Day

    init?(argument: String) {
      guard let day = Day(argument) else { return nil }
      self.day = day
    }
  }
}

/// `trails plan clear`.
struct PlanClearCommand: PlanEditCommand {
  struct Arguments: CommandArguments {
    let trails = Inherited(TrailsOptions.Arguments())
  }
  static let spec = CommandSpec(name: "clear", abstract: "Remove every day from the plan.")
  let options: TrailsOptions
  let edit = Trails.PlanEdit.clear

  init(_ arguments: Parsed<Arguments>, environment: [String: String]) throws {
    options = try TrailsOptions(arguments.trails)
  }
}
