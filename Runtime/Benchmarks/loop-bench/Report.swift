import Foundation

/// The benchmark's results and targets, written as one JSON object.
struct Report {
  /// Samples of B1, in nanoseconds per event.
  var reducerLoop: [Double]
  /// Samples of B2, in nanoseconds per send.
  var storeSend: [Double]
  /// Samples of B3, in nanoseconds per round trip.
  var feedbackRoundTrips: [Double]
  /// Samples of B4, one per child process.
  var memory: [MemoryPerStore.Sample]
  /// The same store figures on the hand-written ``ActorStore``, measured in the same run.
  var baseline: Baseline
  /// Samples of B5: explorer steps per second, and steps per run.
  var explorer: [(stepsPerSecond: Double, steps: Int)]
  /// Samples of B6, one per measured run over every registered contract.
  var conformance: [ConformanceTime.Run]
  /// Samples of B7: per run, nanoseconds of each send-to-settled step.
  var testStoreLatency: [[Double]]
  /// B7's baseline, each run right after one of B7's: the same steps on a plain `Store`.
  var storeLatency: [[Double]]
  /// Samples of B8, in nanoseconds per save, per load and per merged write.
  var planPersistence: PlanPersistence.Samples
  /// Samples of B9, in nanoseconds per launch.
  var coldStart: [Double]
  /// Samples of B10, one per measured run over every registered contract's mutants.
  var machineMutants: [MachineMutantTime.Run]
  /// Samples of B11 and B12, one per run.
  var recordings: [RecordingBench.Sample]
  /// Samples of B13: the explorer's, and the `Set<State>` search's, one per child process.
  var explorationScale: (explorer: [ExplorationScale.Sample], baseline: [ExplorationScale.Sample])
  /// Measured runs per workload (B1 to B5, B7, B8).
  var runs: Int

  /// B2, B3 and B4 on the ``ActorStore`` baseline.
  struct Baseline {
    /// B2 samples, in nanoseconds per send.
    var storeSend: [Double]
    /// B3 samples, in nanoseconds per round trip, each taken right after Loop's.
    var feedbackRoundTrips: [Double]
    /// B4 samples, one per child process.
    var memory: [MemoryPerStore.Sample]
  }

  /// B2's ratio to the actor baseline must be at least this (the baseline's cost over Loop's).
  static let minimumSendRatioToActor = 1.25
  /// B3's ratio to the actor baseline must be at least this (Loop's rate over the baseline's).
  static let minimumRoundTripRatioToActor = 1.5
  /// B4 must stay at or below this many bytes per idle store (1.2 KB).
  static let maximumBytesPerIdleStore = 1_200.0

  /// B2 may cost at most this many times B1.
  static let maximumSendToReduceRatio = 30.0
  /// B3 must reach at least this many round trips per second.
  static let minimumRoundTripsPerSecond = 200_000.0
  /// B4 must stay below this many bytes per idle store.
  static let maximumBytesPerStore = 2048.0
  /// B5 must reach at least this many explorer steps per second.
  static let minimumExplorerStepsPerSecond = 1_000_000.0

  /// B7's median step must take less than this many microseconds.
  static let maximumTestStoreStepMicroseconds = 8.0

  /// B11: a version 2 file of the 1,000-event session must be at most this many bytes (1 MB).
  static let maximumRecordingFileBytes = 1_000_000.0
  /// B11: encoding a version 2 file may cost at most this many nanoseconds per event.
  static let maximumEncodingNanosecondsPerEvent = 20_000.0
  /// B11: recording to a version 2 file may add at most this many nanoseconds per event.
  static let maximumRecordingOverheadNanosecondsPerEvent = 2_000.0
  /// B12: a version 2 recording must replay from memory at least this many events per second.
  static let minimumReplayedEventsPerSecond = 50_000.0

  /// B13: the explorer must keep at most this fraction of the baseline's bytes per state.
  static let maximumExplorerBytesPerStateRatio = 0.1
  /// B13: the explorer must take at least this fraction of the baseline's steps a second.
  static let minimumExplorerStepsPerSecondRatio = 1.0

  /// The report as a JSON-compatible dictionary.
  var json: [String: Any] {
    let b1 = Bench.median(reducerLoop)
    let b2 = Bench.median(storeSend)
    let b3 = Bench.median(feedbackRoundTrips)
    let ratio = b2 / b1
    let perSecond = 1e9 / b3
    let stores = Double(MemoryPerStore.stores)
    let bytesPerStore = Bench.median(memory.map { Double($0.rssGrowth) / stores })
    let peakBytesPerStore = Bench.median(memory.map { Double($0.peakGrowth) / stores })
    let b5 = Bench.median(explorer.map(\.stepsPerSecond))
    let b7 = Bench.median(testStoreLatency.map { Bench.median($0) / 1000 })
    // How many times better Loop does than the baseline: above 1, Loop is ahead.
    let actorB2 = Bench.median(baseline.storeSend)
    let actorB3 = Bench.median(baseline.feedbackRoundTrips)
    let actorBytes = Bench.median(baseline.memory.map { Double($0.rssGrowth) / stores })
    let sendRatio = actorB2 / b2
    let roundTripRatio = actorB3 / b3
    let memoryRatio = actorBytes / bytesPerStore
    // B11 and B12, version 2: the format the apps write.
    let fileBytes = Bench.median(recordings.map { Double($0.version2.fileBytes) })
    let encoding = Bench.median(recordings.map(\.version2.encoding))
    let overhead = Bench.median(recordings.map(\.version2.overhead))
    let replayed = Bench.median(recordings.map(\.version2.replayedPerSecond))
    // B13: the explorer against the Set<State> search, each figure a median of its side.
    let scaleBytes = Bench.median(explorationScale.explorer.map(\.bytesPerState))
    let baselineBytes = Bench.median(explorationScale.baseline.map(\.bytesPerState))
    let scaleRate = Bench.median(explorationScale.explorer.map(\.stepsPerSecond))
    let baselineRate = Bench.median(explorationScale.baseline.map(\.stepsPerSecond))
    let bytesRatio = scaleBytes / baselineBytes
    let rateRatio = scaleRate / baselineRate
    let targets: [String: [String: Any]] = [
      "B13_bytesPerStateRatioToSetSearch": target(
        "at most \(Self.maximumExplorerBytesPerStateRatio)", bytesRatio,
        met: bytesRatio <= Self.maximumExplorerBytesPerStateRatio),
      "B13_stepsPerSecondRatioToSetSearch": target(
        "at least \(Self.minimumExplorerStepsPerSecondRatio)", rateRatio,
        met: rateRatio >= Self.minimumExplorerStepsPerSecondRatio),
      "B2_ratioToB1": target(
        "at most \(Int(Self.maximumSendToReduceRatio))", ratio,
        met: ratio <= Self.maximumSendToReduceRatio),
      "B3_perSecond": target(
        "at least \(Int(Self.minimumRoundTripsPerSecond))", perSecond,
        met: perSecond >= Self.minimumRoundTripsPerSecond),
      "B4_bytesPerStore": target(
        "below \(Int(Self.maximumBytesPerStore))", bytesPerStore,
        met: bytesPerStore < Self.maximumBytesPerStore),
      "B2_ratioToActor": target(
        "at least \(Self.minimumSendRatioToActor)", sendRatio,
        met: sendRatio >= Self.minimumSendRatioToActor),
      "B3_ratioToActor": target(
        "at least \(Self.minimumRoundTripRatioToActor)", roundTripRatio,
        met: roundTripRatio >= Self.minimumRoundTripRatioToActor),
      "B4_bytesPerIdleStoreAtMost1200": target(
        "at most \(Int(Self.maximumBytesPerIdleStore))", bytesPerStore,
        met: bytesPerStore <= Self.maximumBytesPerIdleStore),
      "B5_explorerStepsPerSecond": target(
        "at least \(Int(Self.minimumExplorerStepsPerSecond))", b5,
        met: b5 >= Self.minimumExplorerStepsPerSecond),
      "B7_usPerStep": target(
        "below \(Int(Self.maximumTestStoreStepMicroseconds)) (median of \(pairs) pairs)", b7,
        met: b7 < Self.maximumTestStoreStepMicroseconds),
      "B11_fileBytes": target(
        "at most \(Int(Self.maximumRecordingFileBytes))", fileBytes,
        met: fileBytes <= Self.maximumRecordingFileBytes),
      "B11_nsToEncodePerEvent": target(
        "at most \(Int(Self.maximumEncodingNanosecondsPerEvent))", encoding,
        met: encoding <= Self.maximumEncodingNanosecondsPerEvent),
      "B11_nsOverheadPerEvent": target(
        "at most \(Int(Self.maximumRecordingOverheadNanosecondsPerEvent)) "
          + "(median of \(recordings.count) runs)", overhead,
        met: overhead <= Self.maximumRecordingOverheadNanosecondsPerEvent),
      "B12_eventsPerSecond": target(
        "at least \(Int(Self.minimumReplayedEventsPerSecond)) (median of \(recordings.count) runs)",
        replayed, met: replayed >= Self.minimumReplayedEventsPerSecond),
    ]
    return [
      "machine": [
        "cores": ProcessInfo.processInfo.activeProcessorCount,
        "loadAverage": Bench.loadAverage(),
      ],
      "baseline": "ActorStore: send reduces inside an actor; one feedback task loops over an "
        + "AsyncStream of states. ratioToActor: how many times better Loop does (above 1: ahead)",
      "runs": runs,
      "B1_reducerLoop": [
        "events": ReducerLoop.events,
        "nsPerEvent": rounded(b1, places: 3),
        "samplesNsPerEvent": reducerLoop.map { rounded($0, places: 3) },
        "warmupRuns": 1,
      ],
      "B2_storeSend": [
        "events": StoreSend.events,
        "nsPerSend": rounded(b2),
        "ratioToB1": rounded(ratio),
        "ratioToActor": rounded(sendRatio),
        "actorNsPerSend": rounded(actorB2),
        "samplesNsPerSend": storeSend.map { rounded($0) },
        "samplesActorNsPerSend": baseline.storeSend.map { rounded($0) },
        "warmupRuns": 1,
      ],
      "B3_feedbackRoundTrips": [
        "roundTrips": FeedbackRoundTrips.roundTrips,
        "perSecond": rounded(perSecond, places: 0),
        "usPerRoundTrip": rounded(b3 / 1000, places: 3),
        "ratioToActor": rounded(roundTripRatio),
        "pairs": feedbackRoundTrips.count,
        "ratioToActorPerPair": spread(
          zip(baseline.feedbackRoundTrips, feedbackRoundTrips).map { $0 / $1 }),
        "actorPerSecond": rounded(1e9 / actorB3, places: 0),
        "samplesUsPerRoundTrip": feedbackRoundTrips.map { rounded($0 / 1000, places: 3) },
        "samplesActorUsPerRoundTrip": baseline.feedbackRoundTrips.map {
          rounded($0 / 1000, places: 3)
        },
        "warmupRuns": 1,
      ],
      "B4_memoryPerStore": [
        "stores": MemoryPerStore.stores,
        "feedbacksPerStore": MemoryPerStore.feedbacksPerStore,
        "measure": "VmRSS growth in a fresh child process per run",
        "bytesPerStore": rounded(bytesPerStore, places: 1),
        "kibPerStore": rounded(bytesPerStore / 1024, places: 3),
        "peakBytesPerStore": rounded(peakBytesPerStore, places: 1),
        "ratioToActor": rounded(memoryRatio),
        "actorBytesPerStore": rounded(actorBytes, places: 1),
        "actorMeasure": "one ActorStore with its feedback task waiting on its stream",
        "samplesBytesPerStore": memory.map { rounded(Double($0.rssGrowth) / stores, places: 1) },
      ],
      "B5_explorerSteps": [
        "machine": "turnstile",
        "stepsPerRun": explorer.first?.steps ?? 0,
        "stepsPerSecond": rounded(b5, places: 0),
        "samplesStepsPerSecond": explorer.map { rounded($0.stepsPerSecond, places: 0) },
        "warmupRuns": 1,
      ],
      "B6_conformanceTime": conformanceJSON,
      "B7_testStoreLatency": testStoreLatencyJSON,
      "B8_planPersistence": planPersistenceJSON,
      "B9_coldStart": coldStartJSON,
      "B10_machineMutantTime": machineMutantJSON,
      "B11_commandRecording": commandRecordingJSON,
      "B12_recordingReplay": recordingReplayJSON,
      "B13_explorationScale": explorationScaleJSON,
      "targets": targets,
      "allTargetsMet": targets.values.allSatisfy { $0["met"] as? Bool == true },
    ]
  }

  /// B6: median seconds per contract and in total, with the explorer's figures.
  private var conformanceJSON: [String: Any] {
    let names = conformance.first?.contracts.map(\.contract) ?? []
    let contracts: [[String: Any]] = names.enumerated().map { index, name in
      let samples = conformance.map { $0.contracts[index] }
      return [
        "contract": name,
        "seconds": rounded(Bench.median(samples.map(\.seconds)), places: 3),
        "samplesSeconds": samples.map { rounded($0.seconds, places: 3) },
        "statesExplored": samples.first?.statesExplored ?? 0,
        "explorerSteps": samples.first?.steps ?? 0,
        "explorerStepsPerSecond": rounded(Bench.median(samples.map(\.stepsPerSecond)), places: 0),
      ]
    }
    return [
      "runner": "ContractRunner, depth 6, seed 1, no regressions directory",
      "runs": conformance.count,
      "warmupRuns": 1,
      "contracts": contracts,
      "totalSeconds": rounded(Bench.median(conformance.map(\.totalSeconds)), places: 3),
      "samplesTotalSeconds": conformance.map { rounded($0.totalSeconds, places: 3) },
    ]
  }

  /// B13: the explorer's and the baseline's figures, medians and samples.
  private var explorationScaleJSON: [String: Any] {
    func side(_ samples: [ExplorationScale.Sample]) -> [String: Any] {
      [
        "states": samples.first?.states ?? 0,
        "steps": samples.first?.steps ?? 0,
        "stepsPerSecond": rounded(Bench.median(samples.map(\.stepsPerSecond)), places: 0),
        "bytesPerState": rounded(Bench.median(samples.map(\.bytesPerState)), places: 1),
        "samplesStepsPerSecond": samples.map { rounded($0.stepsPerSecond, places: 0) },
        "samplesBytesPerState": samples.map { rounded($0.bytesPerState, places: 1) },
      ]
    }
    return [
      "machine":
        "trails (TrailsContract), breadth-first to depth \(ExplorationScale.depth), one thread",
      "measure": "peak resident growth of a fresh child process over the search",
      "explorer": side(explorationScale.explorer),
      "setSearch": side(explorationScale.baseline),
    ]
  }

  /// B10: median seconds for every contract against every mutant, and mutants per second.
  private var machineMutantJSON: [String: Any] {
    [
      "runner": "ContractRunner, depth 6, seed 1, mutate",
      "runs": machineMutants.count,
      "warmupRuns": 1,
      "mutants": machineMutants.first?.mutants ?? 0,
      "totalSeconds": rounded(Bench.median(machineMutants.map(\.totalSeconds)), places: 3),
      "samplesTotalSeconds": machineMutants.map { rounded($0.totalSeconds, places: 3) },
      "mutantsPerSecond": rounded(Bench.median(machineMutants.map(\.mutantsPerSecond)), places: 1),
    ]
  }

  /// The median of `values` with their spread: `{"median", "min", "max"}`.
  func spread(_ values: [Double]) -> [String: Any] {
    [
      "median": rounded(Bench.median(values), places: 2),
      "min": rounded(values.min() ?? 0, places: 2),
      "max": rounded(values.max() ?? 0, places: 2),
    ]
  }

  /// B7: the median over runs of each run's median step, in microseconds.
  private var testStoreLatencyJSON: [String: Any] {
    let runMedians = testStoreLatency.map { Bench.median($0) / 1000 }
    let all = testStoreLatency.flatMap { $0 }.sorted()
    let p90 = all.isEmpty ? 0 : all[min(all.count - 1, all.count * 9 / 10)] / 1000
    let storeMedians = storeLatency.map { Bench.median($0) / 1000 }
    return [
      "machine": "Movies with an immediate catalog, TestStore(exhaustivity: .off)",
      "step": "store.send(.nextPage); await store.settle()",
      "stepsPerRun": TestStoreLatency.pagesPerStore,
      "pairs": runMedians.count,
      "usPerSendToSettled": rounded(Bench.median(runMedians), places: 1),
      "usPerRun": spread(runMedians),
      "baseline": "the same steps on a plain Store: send(.nextPage), then first(where:) the page",
      "storeUsPerStep": rounded(Bench.median(storeMedians), places: 1),
      "ratioToStorePerPair": spread(zip(runMedians, storeMedians).map { $0 / $1 }),
      "samplesMedianUsPerRun": runMedians.map { rounded($0, places: 1) },
      "samplesStoreMedianUsPerRun": storeMedians.map { rounded($0, places: 1) },
      "p90UsAllSteps": rounded(p90, places: 1),
      "warmupRuns": 1,
    ]
  }

  /// B8: median milliseconds per save, per load and per merged write (one trail appended by
  /// an update to the stored 1,000-stop plan).
  private var planPersistenceJSON: [String: Any] {
    [
      "stops": PlanPersistence.stops,
      "days": PlanPersistence.days,
      "store": "PlanConnection (SQLitePlanDatabase), WAL, synchronous FULL, temporary directory",
      "msPerSave": rounded(Bench.median(planPersistence.save) / 1e6, places: 3),
      "msPerLoad": rounded(Bench.median(planPersistence.load) / 1e6, places: 3),
      "msPerMergedWrite": rounded(Bench.median(planPersistence.mergedWrite) / 1e6, places: 3),
      "samplesMsPerSave": planPersistence.save.map { rounded($0 / 1e6, places: 3) },
      "samplesMsPerLoad": planPersistence.load.map { rounded($0 / 1e6, places: 3) },
      "warmupRuns": 1,
    ]
  }

  /// B11: what recording costs per event, as the difference between a recording and a plain
  /// store on the same run, what encoding the file costs per event, and its size: version 1
  /// (in memory, whole states) and version 2 (appended, patches) side by side.
  private var commandRecordingJSON: [String: Any] {
    func figures(_ format: KeyPath<RecordingBench.Sample, RecordingBench.Figures>) -> [String: Any]
    {
      let overhead = recordings.map { $0[keyPath: format].overhead }
      return [
        "nsPerEventRecorded": rounded(
          Bench.median(recordings.map { $0[keyPath: format].recorded }), places: 0),
        "nsOverheadPerEvent": rounded(Bench.median(overhead), places: 0),
        "nsToEncodePerEvent": rounded(
          Bench.median(recordings.map { $0[keyPath: format].encoding }), places: 0),
        "fileBytes": recordings.first?[keyPath: format].fileBytes ?? 0,
        "samplesNsOverheadPerEvent": overhead.map { rounded($0, places: 0) },
      ]
    }
    return [
      "workload": "movies pager, immediate catalog: .nextPage then .pageLoaded, "
        + "\(2 * RecordingBench.pages) events and \(RecordingBench.pages) calls a run",
      "nsPerEventPlain": rounded(Bench.median(recordings.map(\.plain)), places: 0),
      "version1": figures(\.version1),
      "version2": figures(\.version2),
      "warmupRuns": 1,
    ]
  }

  /// B12: events per second replayed from a recording of 1,000 events, from memory
  /// and read from the file first, in each format.
  private var recordingReplayJSON: [String: Any] {
    func figures(_ format: KeyPath<RecordingBench.Sample, RecordingBench.Figures>) -> [String: Any]
    {
      [
        "eventsPerSecond": rounded(
          Bench.median(recordings.map { $0[keyPath: format].replayedPerSecond }), places: 0),
        "eventsPerSecondReadAndReplayed": rounded(
          Bench.median(recordings.map { $0[keyPath: format].readAndReplayedPerSecond }), places: 0),
        "samplesEventsPerSecond": recordings.map {
          rounded($0[keyPath: format].replayedPerSecond, places: 0)
        },
      ]
    }
    return [
      "events": 2 * RecordingBench.pages,
      "checks": "every state, origin, move, invariant and call, on a test store and clock",
      "version1": figures(\.version1),
      "version2": figures(\.version2),
      "warmupRuns": 1,
    ]
  }

  /// B9: median wall milliseconds per launch of `movies --pages 1`.
  private var coldStartJSON: [String: Any] {
    [
      "command": ".build/release/movies " + ColdStart.arguments.joined(separator: " "),
      "launches": coldStart.count,
      "msPerLaunch": rounded(Bench.median(coldStart) / 1e6, places: 1),
      "samplesMs": coldStart.map { rounded($0 / 1e6, places: 1) },
      "warmupRuns": 1,
    ]
  }

  /// The report as pretty-printed JSON with sorted keys.
  ///
  /// - Returns: UTF-8 JSON, ending with a newline.
  /// - Throws: When the dictionary holds something JSON cannot represent.
  func encoded() throws -> Data {
    var data = try JSONSerialization.data(
      withJSONObject: json, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    data.append(contentsOf: Array("\n".utf8))
    return data
  }

  private func target(_ rule: String, _ actual: Double, met: Bool) -> [String: Any] {
    ["target": rule, "actual": rounded(actual), "met": met]
  }

  private func rounded(_ value: Double, places: Int = 2) -> Double {
    Bench.rounded(value, places: places)
  }
}
