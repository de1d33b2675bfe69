// loop-bench: throughput, latency and memory of the Loop runtime, printed as one JSON object.
// B1-B5 measure the runtime; B6-B10 what people wait for: conformance, a TestStore step, the
// trails database, a CLI's cold start and the machine-derived mutants' run.
//
// The main thread only waits on a semaphore while everything runs in a task: an async main
// parks it in `sigsuspend` (dispatch_main), which valgrind 3.19 cannot run beside the
// threads the concurrency runtime starts, and `--instructions` runs under callgrind.
//
// stdout carries only the JSON; progress goes to stderr. Build and run with `make bench`, or
// `swift build -c release --product loop-bench && .build/release/loop-bench`.

import ConformanceSuite
import Dispatch
import Foundation

/// Writes one progress line on stderr, keeping stdout for the JSON.
func progress(_ message: String) {
  FileHandle.standardError.write(Data("loop-bench: \(message)\n".utf8))
}

let runs = 5
/// Alternating pairs (Loop, then its baseline) of B3 and B7, whose single runs swing with
/// where the scheduler puts their threads: the median of 7 pairs decides the same way twice.
let pairs = 7
/// Measured runs of B6, which takes seconds per run.
let conformanceRuns = 3
/// Runs of B13 each side, whose searches take tens of seconds.
let scaleRuns = 3

/// The whole benchmark, run by the blocking entry point below.
@Sendable func runBenchmark() async {
  do {
    if CommandLine.arguments.dropFirst().first == MemoryPerStore.childFlag {
      try await MemoryPerStore.measureInChild()
      exit(0)
    }
    if CommandLine.arguments.dropFirst().first == ExplorationScale.childFlag {
      try ExplorationScale.measureInChild()
      exit(0)
    }
    if CommandLine.arguments.dropFirst().first == "--instructions" {
      let arguments = Array(CommandLine.arguments.dropFirst(2))
      guard arguments.count == 2, let count = Int(arguments[1]), count > 0 else {
        progress("usage: loop-bench --instructions WORKLOAD COUNT")
        exit(2)
      }
      print("units \(try await Instructions.run(arguments[0], count: count))")
      exit(0)
    }
    // `loop-bench --only B3 [loop|actor]`: one store workload, on Loop and the baseline or on
    // one of them, for a profiler.
    if CommandLine.arguments.dropFirst().first == "--only" {
      let name = CommandLine.arguments.dropFirst(2).first ?? ""
      let workloads: [String: (loop: () async -> Double, actor: () async -> Double)] = [
        "B2": ({ StoreSend.run() }, { await StoreSend.runOnActor() }),
        "B3": ({ await FeedbackRoundTrips.run() }, { await FeedbackRoundTrips.runOnActor() }),
      ]
      if name == "B7" {
        let catalog = try await TestStoreLatency.immediateCatalog()
        var medians: [Double] = []
        var storeMedians: [Double] = []
        for _ in 0...pairs {
          medians.append(Bench.median(try await TestStoreLatency.run(catalog: catalog)) / 1000)
          storeMedians.append(
            Bench.median(try await TestStoreLatency.runOnStore(catalog: catalog)) / 1000)
        }
        medians.removeFirst()
        storeMedians.removeFirst()
        let spread =
          Bench.rounded(
            medians.min() ?? 0, places: 1)...Bench.rounded(
            medians.max() ?? 0, places: 1)
        print(
          "B7 on Loop: \(Bench.rounded(Bench.median(medians), places: 1)) µs per step "
            + "(\(pairs) pairs, runs \(spread.lowerBound) to \(spread.upperBound) µs); on a plain "
            + "Store: \(Bench.rounded(Bench.median(storeMedians), places: 1)) µs")
        exit(0)
      }
      if name == "B11" || name == "B12" {
        let catalog = try await TestStoreLatency.immediateCatalog(totalPages: RecordingBench.pages)
        var samples: [RecordingBench.Sample] = []
        for _ in 0...runs { samples.append(try await RecordingBench.run(catalog: catalog)) }
        samples.removeFirst()
        for (name, figures) in [
          ("version 1", \RecordingBench.Sample.version1), ("version 2", \.version2),
        ] {
          let overhead = Bench.median(samples.map { $0[keyPath: figures].overhead })
          print(
            "B11 \(name): recording \(Bench.rounded(overhead)) ns more per event (plain "
              + "\(Bench.rounded(Bench.median(samples.map(\.plain)))) ns), encoding "
              + "\(Bench.rounded(Bench.median(samples.map { $0[keyPath: figures].encoding }))) ns per event, "
              + "file \(samples[0][keyPath: figures].fileBytes) bytes")
          print(
            "B12 \(name): replay \(Bench.rounded(Bench.median(samples.map { $0[keyPath: figures].replayedPerSecond }))) events/s, "
              + "read and replay \(Bench.rounded(Bench.median(samples.map { $0[keyPath: figures].readAndReplayedPerSecond }))) events/s"
          )
        }
        exit(0)
      }
      guard let workload = workloads[name] else {
        progress("--only takes B2, B3, B7, B11 or B12, got '\(name)'")
        exit(2)
      }
      let side = CommandLine.arguments.dropFirst(3).first
      if side != "actor" {
        let loop = Bench.median(await Bench.repeated(runs) { await workload.loop() })
        print("\(name) on Loop: \(Bench.rounded(loop)) ns")
      }
      if side != "loop" {
        let actor = Bench.median(await Bench.repeated(runs) { await workload.actor() })
        print("\(name) on the actor baseline: \(Bench.rounded(actor)) ns")
      }
      exit(0)
    }

    progress("B1 reducerLoop: \(ReducerLoop.events) events x \(runs) runs")
    let reducerLoop = await Bench.repeated(runs) { ReducerLoop.run() }
    progress("B2 storeSend: \(StoreSend.events) sends x \(runs) runs")
    let storeSend = await Bench.repeated(runs) { StoreSend.run() }
    progress("B2 on the actor baseline: \(StoreSend.events) sends x \(runs) runs")
    let actorSend = await Bench.repeated(runs) { await StoreSend.runOnActor() }
    progress(
      "B3 feedbackRoundTrips: \(FeedbackRoundTrips.roundTrips) round trips x \(pairs) pairs")
    // Interleaved with the baseline, run by run, so both see the same machine.
    var roundTrips: [Double] = []
    var actorRoundTrips: [Double] = []
    _ = await FeedbackRoundTrips.run()
    _ = await FeedbackRoundTrips.runOnActor()
    for _ in 0..<pairs {
      roundTrips.append(await FeedbackRoundTrips.run())
      actorRoundTrips.append(await FeedbackRoundTrips.runOnActor())
    }
    progress("B4 memoryPerStore: \(MemoryPerStore.stores) stores x \(runs) processes")
    let memory = try MemoryPerStore.run(runs)
    let actorMemory = try MemoryPerStore.run(runs, onActor: true)
    progress("B5 explorerSteps: turnstile exploration x \(runs) runs")
    let explorer = await Bench.repeated(runs) { ExplorerSteps.run() }

    progress("B6 conformanceTime: \(registeredContracts.count) contracts x \(conformanceRuns) runs")
    let conformance = try await Bench.repeated(conformanceRuns) { try await ConformanceTime.run() }
    progress(
      "B7 testStoreLatency: \(TestStoreLatency.pagesPerStore) sends x \(pairs) pairs with a Store")
    let catalog = try await TestStoreLatency.immediateCatalog()
    // Each run of the test store right before one of a plain store, the same steps.
    var latency: [[Double]] = []
    var storeLatency: [[Double]] = []
    _ = try await TestStoreLatency.run(catalog: catalog)
    _ = try await TestStoreLatency.runOnStore(catalog: catalog)
    for _ in 0..<pairs {
      latency.append(try await TestStoreLatency.run(catalog: catalog))
      storeLatency.append(try await TestStoreLatency.runOnStore(catalog: catalog))
    }
    progress(
      "B8 planPersistence: \(PlanPersistence.stops) stops, save, merged write and load x \(runs)"
        + " runs")
    let persistence = try PlanPersistence.run(runs)
    let command = "movies " + ColdStart.arguments.joined(separator: " ")
    progress("B9 coldStart: \(command) x \(ColdStart.launches) launches")
    let coldStart = try ColdStart.run()
    progress(
      "B10 machineMutantTime: every contract against every machine mutant x \(conformanceRuns) runs"
    )
    let machineMutants = try await Bench.repeated(conformanceRuns) {
      try await MachineMutantTime.run()
    }

    progress(
      "B11 commandRecording and B12 recordingReplay: \(2 * RecordingBench.pages) events x \(runs) runs"
    )
    let recordingCatalog = try await TestStoreLatency.immediateCatalog(
      totalPages: RecordingBench.pages)
    _ = try await RecordingBench.run(catalog: recordingCatalog)
    var recordings: [RecordingBench.Sample] = []
    for _ in 0..<runs {
      recordings.append(try await RecordingBench.run(catalog: recordingCatalog))
    }

    progress(
      "B13 explorationScale: trails to depth \(ExplorationScale.depth), the explorer and a "
        + "Set<State> search x \(scaleRuns) runs each, in child processes")
    let scale = try ExplorationScale.run(scaleRuns)

    let report = Report(
      reducerLoop: reducerLoop,
      storeSend: storeSend,
      feedbackRoundTrips: roundTrips,
      memory: memory,
      baseline: Report.Baseline(
        storeSend: actorSend, feedbackRoundTrips: actorRoundTrips, memory: actorMemory),
      explorer: explorer,
      conformance: conformance,
      testStoreLatency: latency,
      storeLatency: storeLatency,
      planPersistence: persistence,
      coldStart: coldStart,
      machineMutants: machineMutants,
      recordings: recordings,
      explorationScale: scale,
      runs: runs
    )
    FileHandle.standardOutput.write(try report.encoded())
  } catch {
    progress("error: \(error)")
    exit(1)
  }
}

let finished = DispatchSemaphore(value: 0)
Task.detached {
  await runBenchmark()
  finished.signal()
}
finished.wait()
