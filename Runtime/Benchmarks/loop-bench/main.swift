// loop-bench: throughput, latency and memory of the Loop runtime, printed as one JSON object.
//
// stdout carries only the JSON; progress goes to stderr. Build and run with `make bench`, or
// `swift build -c release --product loop-bench && .build/release/loop-bench`.

import Foundation

/// Writes one progress line on stderr, keeping stdout for the JSON.
func progress(_ message: String) {
  FileHandle.standardError.write(Data("loop-bench: \(message)\n".utf8))
}

let runs = 5

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

  let report = Report(
    reducerLoop: reducerLoop,
    storeSend: storeSend,
    feedbackRoundTrips: roundTrips,
    memory: memory,
    explorer: explorer,
    runs: runs
  )
  FileHandle.standardOutput.write(try report.encoded())
} catch {
  progress("error: \(error)")
  exit(1)
}
