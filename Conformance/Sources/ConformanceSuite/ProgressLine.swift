import Foundation
import LoopContracts
import LoopSynchronization

/// One line on a terminal's standard error that says how a long run is going: what ended
/// last, parts done of the total, and the time left at the pace so far.
///
/// `conformance` shows it when standard error is a terminal; otherwise nothing is written
/// (a log or a pipe gets the reports alone). The line is redrawn at most ten times a second
/// and erased at the end, so the report that follows starts on a clean line.
public final class ProgressLine: Sendable {
  private struct Counts {
    var done = 0
    var last = ""
    var drawnAt: ContinuousClock.Instant?
    var drawn = false
  }

  private let total: Int
  private let clock = ContinuousClock()
  private let start: ContinuousClock.Instant
  private let counts = Mutex(Counts())
  private let write: @Sendable (String) -> Void

  /// A line for `total` parts of work that writes with `write`.
  ///
  /// - Parameters:
  ///   - total: The parts the run has.
  ///   - write: Writes text to the terminal as is.
  public init(total: Int, write: @escaping @Sendable (String) -> Void) {
    self.total = max(total, 1)
    self.start = clock.now
    self.write = write
  }

  /// A line on standard error when it is a terminal (and `TERM` is not `dumb`), else `nil`.
  ///
  /// - Parameter total: The parts the run has.
  /// - Returns: The line, or `nil` when standard error is not a terminal.
  public static func onStandardError(total: Int) -> ProgressLine? {
    guard isatty(STDERR_FILENO) == 1, ProcessInfo.processInfo.environment["TERM"] != "dumb" else {
      return nil
    }
    return ProgressLine(total: total) { text in
      FileHandle.standardError.write(Data(text.utf8))
    }
  }

  /// Counts one part as done, described by `what` ("trails: checks").
  ///
  /// - Parameter what: What just ended.
  public func finished(_ what: String) {
    let now = clock.now
    let text: String? = counts.withLock { counts in
      counts.done += 1
      counts.last = what
      if let drawnAt = counts.drawnAt, drawnAt.duration(to: now) < .milliseconds(100),
        counts.done < total
      {
        return nil
      }
      counts.drawnAt = now
      counts.drawn = true
      return "\r\u{1B}[K"
        + Self.line(done: counts.done, total: total, last: what, elapsed: start.duration(to: now))
    }
    if let text { write(text) }
  }

  /// Counts a runner's report of progress as one part.
  ///
  /// - Parameter progress: What the runner finished.
  public func finished(_ progress: ContractRunner.Progress) {
    switch progress {
    case .checked(let contract): finished("\(contract): checks")
    case .judged(let contract, let mutant): finished("\(contract): mutant \(mutant)")
    }
  }

  /// Shows how far `contract`'s exploration has got, once it has run 2 s: its depth, the
  /// states reached, steps a second and the process's resident memory.
  ///
  /// - Parameters:
  ///   - contract: The contract being explored.
  ///   - progress: The explorer's figures.
  package func exploring(_ contract: String, _ progress: ExplorationProgress) {
    guard progress.elapsedSeconds >= 2 else { return }
    let now = clock.now
    let text: String? = counts.withLock { counts in
      if let drawnAt = counts.drawnAt, drawnAt.duration(to: now) < .milliseconds(100) {
        return nil
      }
      counts.drawnAt = now
      counts.drawn = true
      return "\r\u{1B}[K" + Self.exploringLine(contract, progress, residentBytes: Self.resident())
    }
    if let text { write(text) }
  }

  /// `conformance: exploring trails: depth 7, 203472 states, 61k steps/s, 412 MB`.
  static func exploringLine(
    _ contract: String, _ progress: ExplorationProgress, residentBytes: Int?
  ) -> String {
    let rate = Double(progress.steps) / max(progress.elapsedSeconds, 0.001)
    return "conformance: exploring \(contract): depth \(progress.depth), \(progress.states) "
      + "states, \(TextReport.rate(rate)) steps/s"
      + (residentBytes.map { ", \($0 / 1_000_000) MB" } ?? "")
  }

  /// The process's resident memory, in bytes, where the system says (Linux's /proc).
  static func resident() -> Int? {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
      let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// Erases the line, if one was drawn.
  public func end() {
    let drawn = counts.withLock { $0.drawn }
    if drawn { write("\r\u{1B}[K") }
  }

  /// The line's text: `conformance: 12/40 (30%), about 1 min 5 s left; last: trails: checks`,
  /// cut to 100 columns.
  ///
  /// - Parameters:
  ///   - done: Parts done.
  ///   - total: Parts in all.
  ///   - last: What ended last.
  ///   - elapsed: Time since the run began.
  /// - Returns: The text, without a line ending.
  public static func line(done: Int, total: Int, last: String, elapsed: Duration) -> String {
    let percent = done * 100 / max(total, 1)
    var text = "conformance: \(done)/\(total) (\(percent)%)"
    if done > 0, done < total {
      text += ", \(left((elapsed / done) * (total - done)))"
    }
    text += "; last: \(last)"
    guard text.count > 100 else { return text }
    return String(text.prefix(99)) + "…"
  }

  /// `about 1 min 5 s left`, `about 42 s left`, `under 1 s left`.
  static func left(_ duration: Duration) -> String {
    let seconds = Int(duration.components.seconds)
    if seconds < 1 { return "under 1 s left" }
    if seconds < 60 { return "about \(seconds) s left" }
    return "about \(seconds / 60) min \(seconds % 60) s left"
  }
}
