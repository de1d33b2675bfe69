import Foundation
import TestSupport
import Testing

@testable import LoopContracts

/// The shrinker, on failures that only the random walks find: the breadth-first search stops
/// at depth 2, and the leaky turnstile breaks "no more passes than coins" only after five
/// events, so every failure here comes from a walk of up to 40 events and must be shrunk.
///
/// The oracle is worked out by hand, not by the shrinker: the shortest paths that break the
/// rule pay two coins and pass three times, with the locked push after both coins, so they
/// are exactly `coin coin push push push` and `coin push coin push push`.
@Suite(.watchdog)
struct ExplorerShrinkTests {
  private static let shortest: Set<[String]> = [
    ["coin", "coin", "push", "push", "push"], ["coin", "push", "coin", "push", "push"],
  ]
  /// ``shortest`` as reports render events: `.coin`.
  private static let shortestRendered = Set(shortest.map { $0.map { "." + $0 } })
  private static let rule = Rule.invariant("no more passes than coins")

  /// Whether `events`, replayed from the start on the leaky reducer, break the rule.
  private static func breaksTheRule(_ events: [String]) -> Bool {
    var state = Turnstile.State()
    for event in events {
      Turnstile.leakyReducer(&state, event == "coin" ? .coin : .push)
      if state.passes > state.coins { return true }
    }
    return false
  }

  @Test(arguments: [1, 2, 3, 7, 42] as [UInt64])
  func aFailureOnlyARandomWalkFindsIsShrunkToAShortestPath(seed: UInt64) throws {
    let explorer = Explorer(
      TurnstileContracts.contract { LeakyTurnstile() },
      limits: ExplorationLimits(depth: 2, randomWalks: 200, walkLength: 40, seed: seed))

    let outcome = explorer.run()

    #expect(outcome.report.depth == 2)
    let found = try #require(
      outcome.report.failures.first { $0.rule == Self.rule },
      "the random walks did not find the failure: \(outcome.report.failures)")
    #expect(Self.shortestRendered.contains(found.events), "not a shortest path: \(found.events)")
    let events = found.events.map { String($0.dropFirst()) }
    #expect(Self.breaksTheRule(events))
    for position in events.indices {
      var fewer = events
      fewer.remove(at: position)
      #expect(!Self.breaksTheRule(fewer), "still fails without event \(position + 1): \(fewer)")
    }
  }

  @Test func aLongFailingPathIsShrunkPastWhereOneRemovalStops() {
    // 14 events, broken at the 11th (five passes for four coins): pushes that change nothing
    // and surplus coins sit between the ones that matter, so a shrinker that removes one
    // event and stops leaves ten.
    let long: [Turnstile.Event] = [
      .push, .coin, .push, .push, .coin, .coin, .push, .coin, .push, .push, .push, .push, .push,
      .push,
    ]
    #expect(Self.breaksTheRule(long.map { "\($0)" }))
    let explorer = Explorer(TurnstileContracts.contract { LeakyTurnstile() })

    let shrunk = explorer.shrunk(Self.rule, origin: 0, events: long)

    let events = shrunk.events.map { "\($0)" }
    #expect(Self.shortest.contains(events), "not a shortest path: \(events)")
    #expect(shrunk.state.passes == 3, "\(shrunk.state)")
  }

  @Test func aShrunkFailureIsSavedAndFailsAgainOnTheNextRun() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("shrunk-regressions-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let saving = ContractRunner(
      options: .init(
        exploration: .init(depth: 2, randomWalks: 200, walkLength: 40, seed: 3),
        regressionsDirectory: folder.path, saveFailures: true))
    _ = await saving.run(TurnstileContracts.contract { LeakyTurnstile() })

    let saved = folder.appendingPathComponent("turnstile")
    let files = try FileManager.default.contentsOfDirectory(atPath: saved.path)
      .filter { $0.hasPrefix("invariant-no-more-passes-than-coins") }
    let file = try #require(files.first, "nothing saved in \(saved.path)")
    let data = try Data(contentsOf: saved.appendingPathComponent(file))
    let events = try #require(
      (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["events"] as? [String])
    #expect(Self.shortest.contains(events), "the saved path is not shrunk: \(events)")

    let replaying = ContractRunner(
      options: .init(
        exploration: .init(depth: 1, randomWalks: 0), regressionsDirectory: folder.path))
    let leaky = await replaying.run(TurnstileContracts.contract { LeakyTurnstile() })
    let fixed = await replaying.run(TurnstileContracts.contract { Turnstile() })

    let replayed = try #require(leaky.regressions.first { $0.file == file })
    #expect(replayed.failure?.hasPrefix("fails again: \(Self.rule) at step 5") == true)
    #expect(fixed.regressions.first { $0.file == file }.map(\.failure) == .some(nil))
  }
}
