// loop-bench: throughput, latency and memory of the Loop runtime, printed as one JSON object.
// B1-B5 measure the runtime; B6-B10 what people wait for: conformance, a TestStore step, the
// trails database, a CLI's cold start and contract strength.
//
// stdout carries only the JSON; progress goes to stderr. Build and run with `make bench`, or
// `swift build -c release --product loop-bench && .build/release/loop-bench`.

import ConformanceSuite
import Foundation

/// Writes one progress line on stderr, keeping stdout for the JSON.
func progress(_ message: String) {
  FileHandle.standardError.write(Data("loop-bench: \(message)\n".utf8))
}

let runs = 5
/// Measured runs of B6, which takes seconds per run.
let conformanceRuns = 3

do {
  if CommandLine.arguments.dropFirst().first == MemoryPerStore.childFlag {
    try MemoryPerStore.measureInChild()
    exit(0)
  }

  progress("B1 reducerLoop: \(ReducerLoop.events) events x \(runs) runs")
  let reducerLoop = await Bench.repeated(runs) { ReducerLoop.run() }
  progress("B2 storeSend: \(StoreSend.events) sends x \(runs) runs")
  let storeSend = await Bench.repeated(runs) { StoreSend.run() }
  progress("B3 feedbackRoundTrips: \(FeedbackRoundTrips.roundTrips) round trips x \(runs) runs")
  let roundTrips = await Bench.repeated(runs) { await FeedbackRoundTrips.run() }
  progress("B4 memoryPerStore: \(MemoryPerStore.stores) stores x \(runs) processes")
  let memory = try MemoryPerStore.run(runs)
  progress("B5 explorerSteps: turnstile exploration x \(runs) runs")
  let explorer = await Bench.repeated(runs) { ExplorerSteps.run() }

  progress("B6 conformanceTime: \(registeredContracts.count) contracts x \(conformanceRuns) runs")
  let conformance = try await Bench.repeated(conformanceRuns) { try await ConformanceTime.run() }
  progress("B7 testStoreLatency: \(TestStoreLatency.pagesPerStore) sends x \(runs) runs")
  let catalog = try await TestStoreLatency.immediateCatalog()
  let latency = try await Bench.repeated(runs) { try await TestStoreLatency.run(catalog: catalog) }
  progress(
    "B8 planPersistence: \(PlanPersistence.stops) stops, save, merged write and load x \(runs)"
      + " runs")
  let persistence = try PlanPersistence.run(runs)
  let command = "movies " + ColdStart.arguments.joined(separator: " ")
  progress("B9 coldStart: \(command) x \(ColdStart.launches) launches")
  let coldStart = try ColdStart.run()
  progress("B10 strengthTime: every contract against every mutant x \(conformanceRuns) runs")
  let strength = try await Bench.repeated(conformanceRuns) { try await StrengthTime.run() }

  let report = Report(
    reducerLoop: reducerLoop,
    storeSend: storeSend,
    feedbackRoundTrips: roundTrips,
    memory: memory,
    explorer: explorer,
    conformance: conformance,
    testStoreLatency: latency,
    planPersistence: persistence,
    coldStart: coldStart,
    strength: strength,
    runs: runs
  )
  FileHandle.standardOutput.write(try report.encoded())
} catch {
  progress("error: \(error)")
  exit(1)
}
