import Foundation
import TestSupport
import Testing

@testable import LoopContracts

/// The explorer keeps fingerprints and paths, not states: what it reports must be what a
/// search that kept every state would.
///
/// The turnstile's states are counted by hand: a state is
/// (locked, coins, passes); from the start, `coin` gives (unlocked, 1, 0), a locked `push`
/// changes nothing, so the distinct states by depth are 1, 2, 4, 7 (depth 3 adds
/// (unlocked, 3, 0), (locked, 2, 1) and (unlocked, 2, 1)).
@Suite(.watchdog)
struct ExplorerScaleTests {
  private static func turnstile(_ limits: ExplorationLimits) -> Explorer<
    Turnstile, TurnstileContracts.Phase, Turnstile.Event
  > {
    Explorer(TurnstileContracts.contract { Turnstile() }, limits: limits)
  }

  @Test(arguments: [(0, 1), (1, 2), (2, 4), (3, 7)])
  func theStatesReachedAreTheDistinctStatesToTheDepth(depth: Int, states: Int) {
    let outcome = Self.turnstile(ExplorationLimits(depth: depth, randomWalks: 0)).run()

    #expect(outcome.report.statesExplored == states)
    #expect(outcome.reachedCount == states)
    #expect(outcome.report.limitReached == nil)
  }

  @Test func theRandomWalksAskedForAreTakenWhenTheStartIsTheOnlyState() {
    // Only `push` on a locked turnstile: a step that changes nothing, so one state in all.
    let explorer = Explorer(
      TurnstileContracts.contract({ Turnstile() }, alphabet: { _ in [.push] }),
      limits: ExplorationLimits(depth: 3, randomWalks: 5, walkLength: 4, seed: 1))

    let report = explorer.run().report

    #expect(report.statesExplored == 1)
    #expect(report.randomWalks == 5)
    // The start's one step, then five walks of four.
    #expect(report.steps == 1 + 5 * 4)
  }

  @Test func aStateReachedIsRebuiltFromItsPath() {
    let outcome = Self.turnstile(ExplorationLimits(depth: 3, randomWalks: 0)).run()

    let reached = Set((0..<outcome.reachedCount).map { outcome.reachedState($0) })
    let expected: Set<Turnstile.State> = [
      .init(isLocked: true, coins: 0, passes: 0), .init(isLocked: false, coins: 1, passes: 0),
      .init(isLocked: false, coins: 2, passes: 0), .init(isLocked: true, coins: 1, passes: 1),
      .init(isLocked: false, coins: 3, passes: 0), .init(isLocked: true, coins: 2, passes: 1),
      .init(isLocked: false, coins: 2, passes: 1),
    ]
    #expect(reached == expected)
  }

  @Test func aFailureTheSearchFindsHasTheShortestPathRebuilt() throws {
    // The leaky turnstile breaks its rule first after five events (ExplorerShrinkTests).
    let explorer = Explorer(
      TurnstileContracts.contract { LeakyTurnstile() },
      limits: ExplorationLimits(depth: 5, randomWalks: 0))

    let outcome = explorer.run()

    let found = try #require(
      outcome.report.failures.first { $0.rule == .invariant("no more passes than coins") })
    #expect(
      [
        [".coin", ".coin", ".push", ".push", ".push"],
        [".coin", ".push", ".coin", ".push", ".push"],
      ]
      .contains(found.events), "\(found.events)")
  }

  @Test func theLimitStopsTheSearchInTheDepthThatReachesItAndIsReported() {
    // Depth 3 would add three states to the four of depth 2: the fifth is the limit.
    let outcome = Self.turnstile(ExplorationLimits(depth: 6, maxStates: 5, randomWalks: 0)).run()

    #expect(
      outcome.report.limitReached
        == ExplorationLimitReached(limit: "maxStates", value: 5, depth: 3))
    #expect(outcome.report.depth == 3)
    #expect(outcome.report.statesExplored == 5)
  }

  @Test func anInterruptedExplorationIsMarkedPartialAndTakesNoWalk() {
    let explorer = Explorer(
      TurnstileContracts.contract { Turnstile() },
      limits: ExplorationLimits(depth: 6, randomWalks: 50), subject: Subject(),
      stopsAtFirstFailure: false, workers: 1, isInterrupted: { true })

    let outcome = explorer.run()

    #expect(outcome.report.isPartial)
    #expect(outcome.report.depth == 1)
    #expect(outcome.report.randomWalks == 0)
  }

  @Test func progressIsToldTheDepthAndTheStatesSoFar() {
    let told = AwaitableList<ExplorationProgress>()
    let explorer = Explorer(
      TurnstileContracts.contract { Turnstile() },
      limits: ExplorationLimits(depth: 3, randomWalks: 0), subject: Subject(),
      stopsAtFirstFailure: false, workers: 1, progress: { told.append($0) })

    _ = explorer.run()

    #expect(told.elements.map(\.depth) == [1, 2, 3])
    #expect(told.elements.map(\.states) == [2, 4, 7])
  }

  @Test func theCollisionChanceGrowsWithTheSquareOfTheStates() {
    #expect(SearchTree.collisionChance(of: 1) == 0)
    let million = SearchTree.collisionChance(of: 1_000_000)
    // 10^12 / 2 pairs over 2^64 values: about 2.7e-8.
    #expect(million > 2.7e-8 && million < 2.8e-8)
    #expect(SearchTree.collisionChance(of: 10_000_000) > 99 * million)
  }

  @Test func aReportWrittenBeforeTheLimitsWereRecordedStillReads() throws {
    let old = """
      {"statesExplored":7,"steps":14,"depth":3,"randomWalks":0,"seed":1,"durationSeconds":0.5,
      "failures":[],"stepsPerSecond":28}
      """
    let report = try JSONDecoder().decode(ExplorationReport.self, from: Data(old.utf8))

    #expect(report.statesExplored == 7)
    #expect(report.limitReached == nil)
    #expect(report.fingerprintCollisionChance == nil)
    #expect(!report.isPartial)
  }
}
