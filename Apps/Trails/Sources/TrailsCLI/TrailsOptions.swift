import AppCLI
import CommandLineParsing
import TrailsFeature

/// The options of `trails` itself, which every trails command reads: declared here once, read
/// once per run, typed.
struct TrailsOptions: Sendable {
  /// The options of `trails`, which its subcommands read as ``Inherited``.
  struct Arguments: ArgumentGroup {
    /// `--json`.
    let json = Flag("json", help: "Print JSON instead of text")
    /// `--db PATH`.
    let database = OptionValue<String?>(
      "db", valueName: "PATH",
      help: "The plan's database (default: $XDG_DATA_HOME/trails/trails.sqlite)")
    /// `--source`, `--api-base` and `--timeout`.
    let source = SourceOptions.Arguments(service: "Open-Meteo")
    /// `--record FILE`.
    let record = RecordOption()
  }

  /// Whether to print JSON.
  let json: Bool
  /// The database `--db` names; `nil` for the default.
  let databasePath: String?
  /// Where forecasts come from.
  let source: SourceOptions
  /// The file `--record` names, checked.
  let recordPath: String?
  /// The usage line of the command being run, for a usage error found later.
  let usage: String

  /// Reads the options from the parsed command line.
  ///
  /// - Parameter arguments: The parsed command line of any trails command.
  /// - Throws: ``UsageError`` for a bad value.
  init(_ arguments: Parsed<Arguments>) throws(UsageError) {
    recordPath = try arguments.record
    json = arguments.json
    databasePath = try arguments.database
    source = try SourceOptions(arguments.source)
    usage = arguments.usage
  }

  /// Runs `body`, then writes the recording when `--record` asked for one, whatever the
  /// outcome: a failed run is what a bug report needs most.
  ///
  /// - Parameter body: The command's work, given the slot its planner's recording goes in.
  /// - Throws: `body`'s error, or ``RecordingError`` when the recording cannot be written.
  func recorded(_ body: (RecordingSlot) async throws -> Void) async throws {
    let slot = RecordingSlot(path: recordPath)
    try await CommandRecording.writing(slot.recording) { try await body(slot) }
  }

  /// Sends a navigation request, then prints the screen it leads to.
  ///
  /// - Parameter event: The request.
  /// - Throws: `CommandFailure` when the database or the catalog cannot be read.
  func show(_ event: Trails.Event) async throws {
    try await recorded { slot in
      try await Composition.using(self, access: .readOnly, recording: slot) { composition in
        let output = Output(json: json, notice: composition.isDefaultOffline)
        // The planner asks for the forecasts of the screen the request leads to, no other.
        let run = try PlannerRun(composition, requests: [event])
        defer { run.end() }
        let state = try await run.restored()
        // What is printed is in the recording first, so a crash cannot take it from the file.
        switch (state.tab, state.shownRoute) {
        case (_, .trail(let id)?):
          let settled = await run.forecastsSettled()
          await slot.recording.written()
          try output.trail(id, settled)
        case (.explore, .region(let id)?):
          await slot.recording.written()
          try output.region(id, state)
        case (.explore, nil):
          await slot.recording.written()
          try output.regions(state)
        case (.plan, .region?), (.plan, nil):
          let settled = await run.forecastsSettled()
          await slot.recording.written()
          try output.plan(settled)
        }
      }
    }
  }

  /// Makes an edit straight to the database (``Trails/edit(_:in:catalog:today:)``), then
  /// confirms it, or with `--json` prints the plan with its forecasts.
  ///
  /// With `--record`, the planner makes the edit instead (``recordedByThePlanner(_:)``): a
  /// recording is a run of the planner, which the contract replays.
  ///
  /// - Parameter edit: The edit.
  /// - Throws: `CommandFailure` when the edit is refused or the plan cannot be read or saved.
  func perform(_ edit: Trails.PlanEdit) async throws {
    guard recordPath == nil else { return try await recordedByThePlanner(edit) }
    try await Composition.using(self, access: .readWrite, recording: RecordingSlot(path: nil)) {
      composition in
      let output = Output(json: json, notice: composition.isDefaultOffline)
      let outcome = await Trails.edit(
        edit, in: composition.database, catalog: composition.catalog, today: composition.today)
      switch outcome {
      case .saved(let plan):
        if output.json {
          // The plan as `trails plan --json` prints it: the planner reads it and its forecasts.
          let run = try PlannerRun(composition, requests: [.select(.plan)], forecasts: .planned)
          defer { run.end() }
          _ = try await run.restored()
          try output.plan(await run.forecastsSettled())
        } else {
          output.line(Confirmation.text(for: edit, in: plan))
        }
      case .refused(let problem): throw CommandFailure(problem.message)
      case .unreadable(let message): throw CommandFailure(message)
      case .notSaved(let message): throw CommandFailure("the plan was not saved: \(message)")
      }
    }
  }

  /// Sends an edit to the planner, waits for the restore to apply it and for the save, then
  /// confirms, with the planner's run recorded (`--record`).
  ///
  /// - Parameter edit: The edit.
  /// - Throws: `CommandFailure` when the edit is refused or the plan cannot be saved.
  private func recordedByThePlanner(_ edit: Trails.PlanEdit) async throws {
    try await recorded { slot in
      // Only an edit writes; every other command opens the database read-only.
      try await Composition.using(self, access: .readWrite, recording: slot) { composition in
        let output = Output(json: json, notice: composition.isDefaultOffline)
        // The JSON is the plan with its forecasts; the text line has none, so none is asked.
        let run = try PlannerRun(
          composition, requests: [.edit(edit)], forecasts: json ? .planned : [])
        defer { run.end() }
        _ = try await run.restored()
        let state = try await run.saved()
        // What is printed is in the recording first, so a crash cannot take it from the file.
        if output.json {
          let settled = await run.forecastsSettled()
          await slot.recording.written()
          try output.plan(settled)
        } else {
          await slot.recording.written()
          output.line(Confirmation.text(for: edit, in: state.plan))
        }
      }
    }
  }
}
