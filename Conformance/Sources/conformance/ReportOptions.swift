import CommandLineParsing
import ConformanceSuite
import Foundation
import LoopRecording
import Terminal

/// The report formats `--format` accepts.
enum Format: String, CaseIterable, ArgumentValue {
  case text
  case json
  case junit
  case html
}

/// `--format`, `--output` and `--mutation-results`: how a run's report is written, by a run
/// and by `merge` alike (which reads them as ``Inherited``).
struct ReportOptions: Sendable {
  /// `--format FORMAT`.
  static let format = OptionValue<Format>(
    "format", valueName: "FORMAT",
    help: "text, json, junit or html (a page, with diagrams by Graphviz)", default: .text)
  /// `--output PATH`.
  static let output = OptionValue<String?>(
    "output", valueName: "PATH", help: "Write the report to PATH, not standard output")
  /// `--mutation-results DIR`.
  static let mutationResults = OptionValue<String>(
    "mutation-results", valueName: "DIR",
    help: "With --format html, show make mutation's results from DIR in each contract",
    default: ".build/mutation")

  /// The report's format.
  let format: Format
  /// The file to write it to; standard output when `nil`.
  let output: String?
  /// Where `make mutation` left its results, for the HTML report.
  let mutationResults: String
  /// `--min-machine-kills`: the percentage of machine mutants each contract must kill.
  let minimumKills: Int?

  /// Writes `run`'s report as asked, then fails when the run did.
  ///
  /// - Parameter run: The run.
  /// - Throws: ``ConformanceError`` when the report cannot be drawn or written,
  ///   ``ExitCode/failure`` when the run failed, ``ExitCode/interrupted`` after Ctrl-C.
  func write(_ run: ConformanceRun) throws {
    let capabilities = TerminalCapabilities.detect()
    let report: String
    switch format {
    case .text:
      let toTerminal = output == nil && capabilities.supportsColor
      report = TextReport(useColor: toTerminal).render(run)
    case .json: report = JSONReport.render(run)
    case .junit: report = JUnitReport.render(run)
    case .html:
      do throws(Graphviz.Failure) {
        report = try HTMLReport.render(
          run, sourceMutants: SourceMutants.read(from: mutationResults))
      } catch {
        throw ConformanceError.cannotDraw(error.description)
      }
    }
    if let path = output {
      do {
        try Data(report.utf8).write(to: URL(fileURLWithPath: path))
      } catch {
        throw ConformanceError.cannotWrite(path, FileErrorReason.of(error))
      }
      StandardOutput.writeLine("conformance: report written to \(path)")
      StandardOutput.writeLine(run.summaryLine)
    } else {
      StandardOutput.write(report)
      if format != .text { StandardError.writeLine(run.summaryLine) }
    }
    let shortfalls = run.machineMutantShortfalls(below: Double(minimumKills ?? 0))
    for shortfall in shortfalls {
      StandardError.writeLine("conformance: \(shortfall)")
    }
    if Interruption.happened { throw ExitCode.interrupted }
    if !run.passed || !shortfalls.isEmpty { throw ExitCode.failure }
  }

  /// `--min-machine-kills`, checked: a percentage.
  ///
  /// - Parameters:
  ///   - value: The value given, if any.
  ///   - usage: The usage line, for the refusal.
  /// - Returns: The value.
  /// - Throws: ``UsageError`` for a value outside 0 to 100.
  static func minimumKills(_ value: Int?, usage: String) throws(UsageError) -> Int? {
    if let value, !(0...100).contains(value) {
      throw UsageError("--min-machine-kills must be a percentage, 0 to 100", usage: usage)
    }
    return value
  }
}
