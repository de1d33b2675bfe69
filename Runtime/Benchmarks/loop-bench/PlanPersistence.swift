import CalendarDay
import Foundation
import TrailsModel
import TrailsPersistence

/// B8: saving and loading a planned trip of 1,000 stops with `PlanConnection` (the connection
/// an `SQLitePlanDatabase` calls from its queue), timing SQLite's work alone.
///
/// The plan has ``days`` days of ``stopsPerDay`` trails each, taken in turn from the fixture
/// catalog (19 trails), so no day repeats a trail. The database lives in a fresh temporary
/// directory, removed at the end. A save is an `update { _ in plan }` that replaces the whole
/// plan: one `BEGIN IMMEDIATE` transaction that reads the stored plan (which the change then
/// ignores), rewrites the rows and bumps the revision, with `synchronous = FULL` in WAL mode,
/// so it includes an fsync: on a shared machine the save figure depends on the disk as much
/// as on the code. A load reads the plan back in one read transaction; every load is checked
/// against the saved plan. A merged write (``mergedWrite(to:plan:)``) is the update a feature
/// makes for one edit: its change appends one trail to the last day of the 1,000-stop plan it
/// is given, the merge path of several processes sharing the file.
enum PlanPersistence {
  /// Days in the plan.
  static let days = 100
  /// Trails per day.
  static let stopsPerDay = 10
  /// Stops in the plan.
  static var stops: Int { days * stopsPerDay }

  /// What the runs measured, in nanoseconds.
  struct Samples {
    /// One per save.
    var save: [Double]
    /// One per load.
    var load: [Double]
    /// One per merged write: an update appending one trail to a stored 1,000-stop plan.
    var mergedWrite: [Double]
  }

  /// The plan: ``days`` days from 2026-12-01, ``stopsPerDay`` distinct fixture trails a day.
  ///
  /// - Returns: The plan.
  /// - Throws: When the fixture catalog cannot be read or is too small.
  static func makePlan() throws -> Plan {
    let trailIDs = try TrailCatalog.fixtures().trails.map(\.id)
    guard trailIDs.count >= stopsPerDay, let start = Day(year: 2026, month: 12, day: 1) else {
      throw BenchError("B8 needs at least \(stopsPerDay) fixture trails")
    }
    let planDays = (0..<days).map { day in
      PlanDay(
        number: day + 1,
        trailIDs: (0..<stopsPerDay).map { trailIDs[(day * stopsPerDay + $0) % trailIDs.count] })
    }
    return Plan(start: start, days: planDays)
  }

  /// Saves, loads and merge-writes the plan `runs` times (after one warm-up of each) in a
  /// temporary database, then removes the database's directory.
  ///
  /// - Parameter runs: Measured saves, loads and merged writes.
  /// - Returns: The samples.
  /// - Throws: When the database fails, or a load or merged write does not return the plan
  ///   it should.
  static func run(_ runs: Int) throws -> Samples {
    let plan = try makePlan()
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("loop-bench-\(ProcessInfo.processInfo.processIdentifier)-b8")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try PlanConnection(path: directory.appendingPathComponent("plan.sqlite").path)
    let clock = ContinuousClock()
    var samples = Samples(save: [], load: [], mergedWrite: [])
    for run in 0...runs {
      var start = clock.now
      _ = try store.update { _ in plan }
      let save = start.duration(to: clock.now).nanoseconds
      start = clock.now
      let loaded = try store.load()
      let load = start.duration(to: clock.now).nanoseconds
      guard loaded?.plan == plan else {
        throw BenchError("B8 loaded a different plan than it saved")
      }
      let mergedWrite = try mergedWrite(to: store, plan: plan)
      // Run 0 is the warm-up.
      if run > 0 {
        samples.save.append(save)
        samples.load.append(load)
        samples.mergedWrite.append(mergedWrite)
      }
    }
    return samples
  }

  /// Measures one merged write with 1,000 stops in the plan: stores `plan` (not measured),
  /// then times an update whose change appends the next fixture trail to the last day of the
  /// stored plan, and checks what it stored.
  ///
  /// - Parameters:
  ///   - store: The database.
  ///   - plan: The plan from ``makePlan()``.
  /// - Returns: The merged write's duration, in nanoseconds.
  /// - Throws: When the database fails, or the update stores another plan than the stored one
  ///   with the trail appended.
  static func mergedWrite(to store: PlanConnection, plan: Plan) throws -> Double {
    let trailIDs = try TrailCatalog.fixtures().trails.map(\.id)
    let appended = trailIDs[stops % trailIDs.count]
    guard !plan.days.isEmpty else { throw BenchError("B8's plan has no day") }
    let appendTrail: @Sendable (Plan) -> Plan = { plan in
      var plan = plan
      plan.days[plan.days.count - 1].trailIDs.append(appended)
      return plan
    }
    let expected = appendTrail(plan)
    _ = try store.update { _ in plan }
    let clock = ContinuousClock()
    let start = clock.now
    // The stored plan, just written, is never nil; the fallback only keeps the change total.
    let stored = try store.update { stored in appendTrail(stored ?? plan) }
    let elapsed = start.duration(to: clock.now).nanoseconds
    guard stored.plan == expected else {
      throw BenchError("B8's merged write did not store the stored plan plus one trail")
    }
    return elapsed
  }
}
