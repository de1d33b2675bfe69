import Loop
import LoopRecording
import LoopTesting
import MoviesFeature

/// `loop-bench --instructions WORKLOAD COUNT`: one workload, COUNT units of it, nothing else,
/// for `scripts/bench-instructions` to count under callgrind.
///
/// No warm-up, no clock, no repetition: the script runs each workload at two counts and
/// divides the difference in instructions by the difference in units, so start-up and
/// one-time costs cancel out. Prints `units N`, the units the run did (events, sends, steps).
enum Instructions {
  /// The workloads that can be counted, by the name the script uses.
  static let workloads = ["B1", "B2", "B5", "B7", "B11"]

  /// Runs `workload` for `count` units and returns how many units it did.
  ///
  /// - Throws: ``BenchError`` for an unknown workload, or when B7's store misbehaves.
  static func run(_ workload: String, count: Int) async throws -> Int {
    switch workload {
    case "B1":
      let reducer = Bench.opaque(Counter.reducer)
      var state = Counter.State()
      for _ in 0..<count { reducer(&state, .increment) }
      Bench.blackHole(state.count)
      return count
    case "B2":
      let store = Store(initial: Counter.State(), reducer: Counter.reducer)
      for _ in 0..<count { store.send(.increment) }
      Bench.blackHole(store.state.count)
      store.cancel()
      return count
    case "B5":
      // COUNT explorations of the turnstile; a unit is one explorer step.
      var steps = 0
      for _ in 0..<count { steps += ExplorerSteps.run(limits: ExplorerSteps.countingLimits).steps }
      return steps
    case "B7":
      let catalog = try await TestStoreLatency.immediateCatalog()
      let store = TestStore(
        initial: Movies.State(), machine: Movies(catalog: catalog), exhaustivity: .off)
      for _ in 0..<count {
        store.send(.nextPage)
        await store.settle()
      }
      Bench.blackHole(store.state.pagesLoaded)
      return count
    case "B11":
      // B11's recording of 1,000 events, made once, then encoded COUNT times as a version 2
      // file; a unit is one event encoded.
      let catalog = try await TestStoreLatency.immediateCatalog(totalPages: RecordingBench.pages)
      let recording = try await RecordingBench.recordInMemory(catalog: catalog).recording
      for _ in 0..<count { Bench.blackHole(RecordingFile.encode(recording).count) }
      return count * recording.steps.count
    default:
      throw BenchError(
        "--instructions takes one of \(workloads.joined(separator: ", ")), got '\(workload)'")
    }
  }
}
