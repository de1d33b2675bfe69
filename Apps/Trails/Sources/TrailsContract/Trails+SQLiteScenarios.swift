import CSQLite
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
    Scenario("on SQLite, a file written by a newer trails is refused and left untouched") {
      context in
      guard let file = TemporaryDatabase(context), let database = file.open(context) else {
        return
      }
      defer { file.remove() }
      let plan = Plan(start: TrailsSamples.today, days: [PlanDay(number: 1, trailIDs: ["x"])])
      _ = try? await database.update { _ in plan }
      // What a newer trails would leave: a schema version past this build's.
      guard setUserVersion(99, of: file.path) else {
        context.check(false, "cannot set user_version of \(file.path)")
        return
      }
      let before = try? Data(contentsOf: URL(fileURLWithPath: file.path))
      do {
        _ = try PlanConnection(path: file.path)
        context.check(false, "a schema-99 file was opened")
      } catch {
        let line = (error as? PersistenceError)?.userMessage ?? "\(error)"
        context.check(
          line == "\(file.path) was written by a newer trails (schema 99, this one reads up to "
            + "2); it was left untouched (update trails to open it)",
          "the line: \(line)")
      }
      let after = try? Data(contentsOf: URL(fileURLWithPath: file.path))
      context.check(before != nil && before == after, "the file is byte for byte as it was")
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
  var path: String { file("plan.sqlite") }

  /// The path of the file `name` in the folder.
  func file(_ name: String) -> String { folder.appendingPathComponent(name).path }

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

/// Sets `PRAGMA user_version` of the database at `path` with the SQLite C API, as another
/// program would; whether it could.
private func setUserVersion(_ version: Int, of path: String) -> Bool {
  var handle: OpaquePointer?
  defer { sqlite3_close(handle) }
  guard sqlite3_open(path, &handle) == SQLITE_OK else { return false }
  return sqlite3_exec(handle, "PRAGMA user_version = \(version)", nil, nil, nil) == SQLITE_OK
}
