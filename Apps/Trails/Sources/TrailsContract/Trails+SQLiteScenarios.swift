import Foundation
import LoopContracts
import LoopTesting
import TrailsFeature
import TrailsModel
import TrailsPersistence

extension Trails {
  /// Scenarios on the real SQLite database, on a temporary file removed at the end: what the
  /// in-memory double promises, the database keeps.
  static let sqliteScenarios: [Scenario<Trails>] = [
    Scenario("on SQLite, a plan with a rest day in the middle is stored and read back exactly") {
      context in
      typealias S = TrailsSamples
      guard let file = TemporaryDatabase(context) else { return }
      defer { file.remove() }
      guard let database = file.open(context) else { return }
      let planner = Self.planner(context, on: database)
      await planner.wait { $0.persistence.ready != nil }
      planner.send(.edit(.add(trailID: S.gull, day: 1)))
      await planner.settle()  // day 1's forecast has come
      planner.send(.edit(.add(trailID: S.cinder, day: 3)))
      await planner.advance(by: .milliseconds(500))
      await planner.wait { $0.isSaved }
      // Worked out by hand: day 2 is a rest day, and stays one.
      let expected = Plan(
        start: S.today,
        days: [
          PlanDay(number: 1, trailIDs: [S.gull]), PlanDay(number: 2),
          PlanDay(number: 3, trailIDs: [S.cinder]),
        ])
      let reread = try? await file.open(context)?.load()
      context.check(
        reread == StoredPlan(plan: expected, revision: 1),
        "a new connection reads \(String(describing: reread)), expected \(expected) at revision 1")
    },
    Scenario("on SQLite, two planners on one file: each one's edit survives the other's write") {
      context in
      typealias S = TrailsSamples
      guard let file = TemporaryDatabase(context) else { return }
      defer { file.remove() }
      guard let first = file.open(context), let second = file.open(context) else {
        return
      }
      let planner = await twoPlannersEdit(context, first, second)
      let both = S.plan([S.gull], [S.tidepool])
      let reread = try? await file.open(context)?.load()
      context.check(
        reread == StoredPlan(plan: both, revision: 2),
        "the file holds \(String(describing: reread)), expected both edits at revision 2")
      context.check(planner.plan == both, "the second planner shows both edits")
    },
  ]
}

/// A database file of a scenario's own, in a fresh temporary folder.
struct TemporaryDatabase {
  let folder: URL
  var path: String { folder.appendingPathComponent("plan.sqlite").path }

  init?(_ context: ScenarioContext<Trails>) {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("trails-contract-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      context.check(false, "cannot create a temporary folder: \(error)")
      return nil
    }
  }

  /// A new connection to the file, as another process would open it.
  func open(_ context: ScenarioContext<Trails>) -> SQLitePlanDatabase? {
    do {
      return try SQLitePlanDatabase(path: path)
    } catch {
      context.check(false, "cannot open \(path): \(error)")
      return nil
    }
  }

  func remove() {
    try? FileManager.default.removeItem(at: folder)
  }
}
