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
  /// Samples of B5: explorer steps per second, and steps per run.
  var explorer: [(stepsPerSecond: Double, steps: Int)]
  /// Measured runs per workload.
  var runs: Int

  /// B2 may cost at most this many times B1.
  static let maximumSendToReduceRatio = 30.0
  /// B3 must reach at least this many round trips per second.
  static let minimumRoundTripsPerSecond = 200_000.0
  /// B4 must stay below this many bytes per idle store.
  static let maximumBytesPerStore = 2048.0
  /// B5 must reach at least this many explorer steps per second.
  static let minimumExplorerStepsPerSecond = 1_000_000.0

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
    let targets: [String: [String: Any]] = [
      "B2_ratioToB1": target(
        "at most \(Int(Self.maximumSendToReduceRatio))", ratio,
        met: ratio <= Self.maximumSendToReduceRatio),
      "B3_perSecond": target(
        "at least \(Int(Self.minimumRoundTripsPerSecond))", perSecond,
        met: perSecond >= Self.minimumRoundTripsPerSecond),
      "B4_bytesPerStore": target(
        "below \(Int(Self.maximumBytesPerStore))", bytesPerStore,
        met: bytesPerStore < Self.maximumBytesPerStore),
      "B5_explorerStepsPerSecond": target(
        "at least \(Int(Self.minimumExplorerStepsPerSecond))", b5,
        met: b5 >= Self.minimumExplorerStepsPerSecond),
    ]
    return [
      "machine": ["cores": ProcessInfo.processInfo.activeProcessorCount],
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
        "samplesNsPerSend": storeSend.map { rounded($0) },
        "warmupRuns": 1,
      ],
      "B3_feedbackRoundTrips": [
        "roundTrips": FeedbackRoundTrips.roundTrips,
        "perSecond": rounded(perSecond, places: 0),
        "usPerRoundTrip": rounded(b3 / 1000, places: 3),
        "samplesUsPerRoundTrip": feedbackRoundTrips.map { rounded($0 / 1000, places: 3) },
        "warmupRuns": 1,
      ],
      "B4_memoryPerStore": [
        "stores": MemoryPerStore.stores,
        "feedbacksPerStore": MemoryPerStore.feedbacksPerStore,
        "measure": "VmRSS growth in a fresh child process per run",
        "bytesPerStore": rounded(bytesPerStore, places: 1),
        "kibPerStore": rounded(bytesPerStore / 1024, places: 3),
        "peakBytesPerStore": rounded(peakBytesPerStore, places: 1),
        "samplesBytesPerStore": memory.map { rounded(Double($0.rssGrowth) / stores, places: 1) },
      ],
      "B5_explorerSteps": [
        "machine": "turnstile",
        "stepsPerRun": explorer.first?.steps ?? 0,
        "stepsPerSecond": rounded(b5, places: 0),
        "samplesStepsPerSecond": explorer.map { rounded($0.stepsPerSecond, places: 0) },
        "warmupRuns": 1,
      ],
      "targets": targets,
      "allTargetsMet": targets.values.allSatisfy { $0["met"] as? Bool == true },
    ]
  }

  /// The report as pretty-printed JSON with sorted keys.
  ///
  /// - Returns: UTF-8 JSON, ending with a newline.
  /// - Throws: When the dictionary holds something JSON cannot represent.
  func encoded() throws -> Data {
    var data = try JSONSerialization.data(
      withJSONObject: json, options: [.prettyPrinted, .sortedKeys])
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
