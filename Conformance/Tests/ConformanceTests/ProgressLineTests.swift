import ConformanceSuite
import LoopContracts
import LoopSynchronization
import Testing

/// The progress line `conformance` draws on a terminal's stderr.
struct ProgressLineTests {
  @Test func theLineSaysPartsDoneTheShareAndTheTimeLeftAtThePaceSoFar() {
    #expect(
      ProgressLine.line(done: 3, total: 12, last: "trails: checks", elapsed: .seconds(6))
        == "conformance: 3/12 (25%), about 18 s left; last: trails: checks")
    #expect(
      ProgressLine.line(done: 1, total: 40, last: "movies: checks", elapsed: .seconds(5))
        == "conformance: 1/40 (2%), about 3 min 15 s left; last: movies: checks")
    #expect(
      ProgressLine.line(done: 9, total: 10, last: "x", elapsed: .milliseconds(90))
        == "conformance: 9/10 (90%), under 1 s left; last: x")
    #expect(
      ProgressLine.line(done: 10, total: 10, last: "x", elapsed: .seconds(3))
        == "conformance: 10/10 (100%); last: x")
    let long = ProgressLine.line(
      done: 1, total: 2, last: String(repeating: "m", count: 200), elapsed: .seconds(1))
    #expect(long.count == 100 && long.hasSuffix("…"))
  }

  @Test func eachDrawingReplacesTheLastTheFinalCountIsAlwaysDrawnAndTheEndErasesIt() {
    let written = Mutex<[String]>([])
    let line = ProgressLine(total: 50) { text in written.withLock { $0.append(text) } }
    for part in 1...50 { line.finished("part \(part)") }
    line.end()
    let writes = written.withLock { $0 }
    #expect(writes.first == "\r\u{1B}[Kconformance: 1/50 (2%), under 1 s left; last: part 1")
    #expect(writes.dropLast().last?.hasPrefix("\r\u{1B}[Kconformance: 50/50 (100%)") == true)
    #expect(writes.last == "\r\u{1B}[K")
    #expect(writes.count < 50, "drawn \(writes.count) times for 50 parts in a moment")
  }

  @Test func anExplorationPastTwoSecondsIsDrawnWithItsDepthStatesRateAndMemory() {
    let written = Mutex<[String]>([])
    let line = ProgressLine(total: 4) { text in written.withLock { $0.append(text) } }
    line.exploring(
      "trails", ExplorationProgress(depth: 7, states: 120_000, steps: 300_000, elapsedSeconds: 1))
    #expect(written.withLock { $0 }.isEmpty, "drawn before 2 s")
    line.exploring(
      "trails", ExplorationProgress(depth: 7, states: 203_472, steps: 600_000, elapsedSeconds: 10))
    let drawn = written.withLock { $0 }.last
    #expect(
      drawn?.hasPrefix(
        "\r\u{1B}[Kconformance: exploring trails: depth 7, 203472 states, 60k steps/s") == true,
      "\(String(describing: drawn))")
  }

  @Test func nothingDrawnNothingErased() {
    let written = Mutex<[String]>([])
    ProgressLine(total: 3) { text in written.withLock { $0.append(text) } }.end()
    #expect(written.withLock { $0 }.isEmpty)
  }
}
