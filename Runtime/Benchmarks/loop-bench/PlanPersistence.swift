import Foundation
import TrailsModel
import TrailsPersistence

/// B8: saving and loading a planned trip of 1,000 stops with `SQLiteTrailStore`.
///
/// The plan has ``days`` days of ``stopsPerDay`` trails each, taken in turn from the fixture
/// catalog (19 trails), so no day repeats a trail. The database lives in a fresh temporary
/// directory, removed at the end. A save replaces the whole plan in one `BEGIN IMMEDIATE`
/// transaction with `synchronous = FULL` in WAL mode, so it includes an fsync: on a shared
/// machine the save figure depends on the disk as much as on the code. A load reads the plan
/// back in one read transaction; every load is checked against the saved plan.
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

  /// Saves and loads the plan `runs` times (after one warm-up of each) in a temporary
  /// database, then removes the database's directory.
  ///
  /// - Parameter runs: Measured saves and loads.
  /// - Returns: The samples.
  /// - Throws: When the database fails, or a load does not return the saved plan.
  static func run(_ runs: Int) throws -> Samples {
    let plan = try makePlan()
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("loop-bench-\(ProcessInfo.processInfo.processIdentifier)-b8")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try SQLiteTrailStore(path: directory.appendingPathComponent("plan.sqlite").path)
    let clock = ContinuousClock()
    var samples = Samples(save: [], load: [])
    for run in 0...runs {
      var start = clock.now
      try store.save(plan)
      let save = start.duration(to: clock.now).nanoseconds
      start = clock.now
      let loaded = try store.load()
      let load = start.duration(to: clock.now).nanoseconds
      guard loaded == plan else { throw BenchError("B8 loaded a different plan than it saved") }
      // Run 0 is the warm-up.
      if run > 0 {
        samples.save.append(save)
        samples.load.append(load)
      }
    }
    return samples
  }
}
