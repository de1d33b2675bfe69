import LoopContracts
import Testing

/// Round trips: checked on a seeded sample of the explored states, and a value that comes
/// back different (or a trip that throws) reported with the field that changed.
@Suite(.watchdog)
struct RoundTripTests {
  private typealias State = Turnstile.State

  /// The counts as a line of text and back, as a file might store them.
  private static func text(_ state: State) -> String {
    "\(state.isLocked ? "locked" : "open") \(state.coins) \(state.passes)"
  }
  private static func parse(_ line: String, keepingPasses: Bool) -> State {
    let words = line.split(separator: " ")
    return State(
      isLocked: words[0] == "locked", coins: Int(words[1]) ?? -1,
      passes: keepingPasses ? Int(words[2]) ?? -1 : 0)
  }

  private let runner = ContractRunner(options: .init(exploration: .init(depth: 6, seed: 7)))

  @Test func aCodecThatGivesBackItsInputPassesOnASampleOfTheStatesExplored() async {
    let trip = RoundTrip<State>("the counts as a line of text", sample: 10) {
      $0
    } through: {
      Self.parse(Self.text($0), keepingPasses: true)
    }
    let report = await runner.run(TurnstileContracts.contract({ Turnstile() }, roundTrips: [trip]))

    #expect(report.passed, "\(report.failures)")
    #expect(report.roundTrips.map(\.statesChecked) == [10])
    #expect(report.roundTrips.map(\.failure) == [nil])
  }

  @Test func aCodecThatLosesAFieldFailsNamingIt() async throws {
    let trip = RoundTrip<State>("the counts as a line of text") {
      $0
    } through: {
      Self.parse(Self.text($0), keepingPasses: false)
    }
    let report = await runner.run(TurnstileContracts.contract({ Turnstile() }, roundTrips: [trip]))

    #expect(!report.passed)
    // Checked up to the first state with a pass: the launch state has none.
    #expect((report.roundTrips.first?.statesChecked ?? 0) > 1)
    let failure = try #require(report.roundTrips.first?.failure)
    #expect(failure.hasPrefix("came back different (- before the trip, + after it):\n"))
    #expect(failure.contains("  passes\n  - expected: "), "\(failure)")
    #expect(
      report.failures.contains { $0.hasPrefix("round trip \"the counts as a line of text\"") })
  }

  @Test func aTripThatThrowsFailsWithTheError() async throws {
    struct Full: Error {}
    let trip = RoundTrip<State>("through a full disk") {
      $0
    } through: { _ in
      throw Full()
    }
    let report = await runner.run(TurnstileContracts.contract({ Turnstile() }, roundTrips: [trip]))

    let failure = try #require(report.roundTrips.first?.failure)
    #expect(failure.hasPrefix("the trip threw "), "\(failure)")
  }

  @Test func theSampleIsTheSameForTheSameSeed() async {
    let seen = SeenStates()
    let trip = RoundTrip<State>("recording what it sees", sample: 5) {
      $0
    } through: { state in
      await seen.add(state)
      return state
    }
    let contract = TurnstileContracts.contract({ Turnstile() }, roundTrips: [trip])
    _ = await runner.run(contract)
    _ = await runner.run(contract)
    let states = await seen.states
    #expect(states.count == 10)
    #expect(Array(states.prefix(5)) == Array(states.suffix(5)))
    #expect(states.first == State())  // the launch state is always among them
  }
}

private actor SeenStates {
  var states: [Turnstile.State] = []
  func add(_ state: Turnstile.State) { states.append(state) }
}
