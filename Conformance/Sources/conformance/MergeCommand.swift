import CommandLineParsing
import ConformanceSuite
import Foundation
import LoopRecording

/// `conformance merge`: the shards' JSON reports joined into the report of the whole run.
struct MergeCommand: Command {
  /// What `merge` accepts: the reports, its own `--min-machine-kills`, and the run's report
  /// options.
  struct Arguments: CommandArguments {
    // Its own: the run's asks for --mutate, which is the shards' option, not merge's.
    let minMachineKills = OptionValue<Int?>(
      "min-machine-kills", valueName: "P",
      help:
        "Fail when a contract kills under P percent of its machine mutants (shards run "
        + "with --mutate)")
    let reports = Argument<[String]>(
      repeating: "report", help: "A shard's report (--shard K/N --format json --output FILE)")
    let format = Inherited(ReportOptions.format)
    let output = Inherited(ReportOptions.output)
    let mutationResults = Inherited(ReportOptions.mutationResults)
  }

  /// What `merge` is.
  static let spec = CommandSpec(
    name: "merge",
    abstract:
      "Merge the JSON reports of shards 1/N to N/N into the report of the whole run "
      + "(--format, --output and --min-machine-kills as for a run).")

  /// The shards' reports.
  let paths: [String]
  /// How the report is written.
  let report: ReportOptions
  /// The usage line, for a refusal found once the reports are read.
  let usage: String

  /// Reads and checks the command line.
  ///
  /// - Parameters:
  ///   - arguments: The parsed command line.
  ///   - environment: The process environment (unused).
  /// - Throws: ``UsageError`` for a bad value.
  init(_ arguments: Parsed<Arguments>, environment: [String: String]) throws {
    usage = arguments.usage
    let format = try arguments.format
    let minimumKills = try ReportOptions.minimumKills(
      arguments.minMachineKills, usage: arguments.usage)
    report = ReportOptions(
      format: format, output: try arguments.output,
      mutationResults: try arguments.mutationResults, minimumKills: minimumKills)
    paths = try arguments.reports
  }

  /// Merges the reports and writes the whole run's.
  ///
  /// - Throws: ``ConformanceError`` when a report cannot be read or the reports are not the
  ///   shards of one run, ``ExitCode/failure`` when the run failed.
  func run() async throws {
    let run = try Self.merge(paths)
    if report.minimumKills != nil, run.settings?.mutate == false {
      throw UsageError(
        "--min-machine-kills judges machine mutants, and these shards ran without --mutate",
        usage: usage)
    }
    try report.write(run)
  }

  /// The run the shards' JSON reports at `paths` make together.
  static func merge(_ paths: [String]) throws -> ConformanceRun {
    var parts: [ConformanceRun] = []
    for path in paths {
      let data: Data
      do {
        data = try Data(contentsOf: URL(fileURLWithPath: path))
      } catch {
        throw ConformanceError.cannotRead(path, FileErrorReason.of(error))
      }
      do throws(JSONReport.ReadError) {
        parts.append(try JSONReport.read(data, path: path))
      } catch {
        throw ConformanceError.cannotMerge(error.description)
      }
    }
    do throws(MergeError) {
      return try ConformanceRun.merge(parts)
    } catch {
      throw ConformanceError.cannotMerge(error.message)
    }
  }
}
