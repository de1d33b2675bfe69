import ConformanceSuite
import LoopContracts
import Testing

/// Runs every registered contract under `swift test`, one test case per app.
struct ConformanceTests {
  @Test(arguments: registeredContracts.map(\.name))
  func registeredContractHolds(_ name: String) async throws {
    let contract = try #require(registeredContracts.first { $0.name == name })
    let report = await contract.run(with: ContractRunner())
    #expect(report.failures == [])
  }

  /// `report` with every measured time set to zero: what must not depend on the machine.
  private func timeless(_ report: ContractReport) -> ContractReport {
    var report = report
    report.durationSeconds = 0
    report.exploration.durationSeconds = 0
    report.exploration.stepsPerSecond = 0
    for index in report.scenarios.indices { report.scenarios[index].durationSeconds = 0 }
    report.machineMutants?.durationSeconds = 0
    return report
  }

  @Test func oneWorkerAndTwoGiveTheSameReportsForASeed() async throws {
    // Exploration levels split across threads (trails' levels are hundreds of states), and
    // mutants run side by side (movies, with strength): every report must equal the
    // one-worker report.
    func reports(_ name: String, mutate: Bool, workers: Int) async throws -> ContractReport {
      let contract = try #require(registeredContracts.first { $0.name == name })
      let runner = ContractRunner(
        options: .init(exploration: .init(depth: 5, seed: 3), mutate: mutate, workers: workers))
      return timeless(await contract.run(with: runner))
    }
    // Each report is made before it is compared, so a failure prints both values.
    let trails = try await reports("trails", mutate: false, workers: 1)
    let trailsOnTwo = try await reports("trails", mutate: false, workers: 2)
    #expect(trailsOnTwo == trails)
    #expect(trails.exploration.statesExplored > 1_000)
    let movies = try await reports("movies", mutate: true, workers: 1)
    let moviesOnTwo = try await reports("movies", mutate: true, workers: 2)
    #expect(moviesOnTwo == movies)
    #expect(movies.machineMutants?.mutants.count ?? 0 > 4)
  }

  @Test func oneWorkerAndTwoGiveTheSameReportsUnderScheduleExploration() async throws {
    // What `make conformance` runs: each scenario under many schedules, exhaustively within
    // two preemptions. The schedules run and trajectories seen are part of the report.
    func report(workers: Int) async throws -> ContractReport {
      let contract = try #require(registeredContracts.first { $0.name == "movie-search" })
      var options = ContractRunner.Options(exploration: .init(depth: 3, seed: 3), workers: workers)
      options.schedules = 16
      options.scheduleSearch = .exhaustive(preemptions: 2)
      return timeless(await contract.run(with: ContractRunner(options: options)))
    }
    let one = try await report(workers: 1)
    let two = try await report(workers: 2)
    #expect(two == one)
    #expect(one.scenarios.contains { $0.schedules > 1 })
  }

  @Test func registeredNamesAreUnique() {
    let names = registeredContracts.map(\.name)
    #expect(Set(names).count == names.count)
  }

  @Test func theSameSeedGivesTheSameExploredCountsOnEveryRun() async throws {
    let contract = try #require(registeredContracts.first { $0.name == "movie-search" })
    let runner = ContractRunner(options: .init(exploration: .init(seed: 5)))
    let first = await contract.run(with: runner)
    let second = await contract.run(with: runner)

    #expect(first.exploration.statesExplored == second.exploration.statesExplored)
    #expect(first.exploration.steps == second.exploration.steps)
    #expect(first.invariants.map(\.statesChecked) == second.invariants.map(\.statesChecked))
    #expect(first.counts == second.counts)
  }

  @Test func eachRuntimeMutantIsPlantedAndTheTemplateContractKillsThem() async throws {
    let contract = try #require(registeredContracts.first { $0.name == "template" })
    let report = await contract.run(with: ContractRunner(options: .init(mutate: true)))
    let strength = try #require(report.machineMutants)
    let verdicts = Dictionary(
      uniqueKeysWithValues: strength.mutants.map { ($0.mutant, $0.killedBy) })

    #expect(strength.percent == 100)
    #expect(strength.equivalent.map(\.mutant) == ["every effect event is delivered twice"])
    #expect(
      verdicts["the runtime reduces events of superseded effects"]
        == .scenario("a superseded lookup never answers, even when its term is typed again"))
    for scale in ["2/3", "3/2"] {
      #expect(
        verdicts["every clock sleep wakes at \(scale) of its duration"]
          == .scenario("a lookup starts exactly 300 ms after the last keystroke, not 1 ms sooner"))
    }
    #expect(verdicts["the feedback `lookup` is removed"].flatMap { $0 } != nil)
  }
}
