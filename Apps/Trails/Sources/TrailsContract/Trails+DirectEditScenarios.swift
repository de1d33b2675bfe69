import LoopContracts
import LoopSynchronization
import LoopTesting
import TrailsFeature
import TrailsModel
import Weather

extension Trails {
  /// One edit of a one-shot command, on a database holding `stored`, with the outcome and
  /// the database after it worked out by hand from the catalog.
  private struct DirectEditCase: Sendable {
    let name: String
    let stored: Plan?
    /// What another process stores between the edit's read and its write, if anything.
    var storedInBetween: Plan? = nil
    let edit: PlanEdit
    let outcome: EditOutcome
    /// The stored plan's revision after the edit: one more than before when it was written.
    let revision: Int
  }

  private static var directEditCases: [DirectEditCase] {
    typealias S = TrailsSamples
    let untidy = Plan(
      start: S.today, days: [PlanDay(number: 1, trailIDs: [S.gull]), PlanDay(number: 2)])
    return [
      DirectEditCase(
        name: "the first edit of an empty database starts the plan today",
        stored: nil, edit: .add(trailID: S.gull, day: 1), outcome: .saved(S.plan([S.gull])),
        revision: 1),
      DirectEditCase(
        name: "a trail already on the day is refused and nothing is written",
        stored: S.plan([S.gull]), edit: .add(trailID: S.gull, day: 1),
        outcome: .refused(.alreadyPlanned(trailID: S.gull, day: 1)), revision: 1),
      DirectEditCase(
        name: "an id no trail has is refused and nothing is written",
        stored: S.plan([S.gull]), edit: .add(trailID: "gull-point", day: 1),
        outcome: .refused(.unknownTrail("gull-point")), revision: 1),
      DirectEditCase(
        name: "removing from every day keeps the rest day before a walked one",
        stored: S.plan([S.gull], [S.tidepool]), edit: .remove(trailID: S.gull, day: nil),
        outcome: .saved(S.plan([], [S.tidepool])), revision: 2),
      DirectEditCase(
        name: "moving the last day's trail earlier drops the empty day at the end",
        stored: S.plan([S.gull], [S.cinder]), edit: .move(trailID: S.cinder, from: nil, to: 1),
        outcome: .saved(S.plan([S.gull, S.cinder])), revision: 2),
      DirectEditCase(
        name: "an edit that changes nothing writes nothing",
        stored: S.plan([S.gull]), edit: .setStart(S.today), outcome: .saved(S.plan([S.gull])),
        revision: 1),
      DirectEditCase(
        name: "a plan stored with an empty day at the end is written tidied",
        stored: untidy, edit: .setStart(S.today), outcome: .saved(S.plan([S.gull])), revision: 2),
      DirectEditCase(
        name: "an edit another process made impossible before the write is reported, not kept",
        stored: S.plan([S.gull]), storedInBetween: S.plan([S.tidepool]),
        edit: .move(trailID: S.gull, from: nil, to: 2),
        outcome: .refused(.changedElsewhere(.notPlanned(trailID: S.gull, day: nil))), revision: 3),
    ]
  }

  /// `trails plan add` and the other one-shot edits make their edit without the planner
  /// (``Trails/edit(_:in:catalog:today:)``); each ends as the planner ends with the same edit
  /// queued at launch, on the same database, and as worked out by hand.
  static var directEditScenarios: [Scenario<Trails>] {
    directEditCases.map { edit in
      Scenario("a one-shot edit ends as the planner does: \(edit.name)") { context in
        typealias S = TrailsSamples
        let direct = WrittenInBetween(edit.stored, then: edit.storedInBetween)
        let outcome = await Trails.edit(
          edit.edit, in: direct, catalog: S.catalog, today: S.today)
        context.check(
          outcome == edit.outcome, "the one-shot edit ended \(outcome), expected \(edit.outcome)")

        let planned = WrittenInBetween(edit.stored, then: edit.storedInBetween)
        let clock = TestClock()
        let machine = TrailsDoubles.machine(
          database: planned, weather: TrailsDoubles.weather(CallLog()), clock: clock,
          forecastRequests: [])
        var launch = S.launch
        Trails.reducer(&launch, .edit(edit.edit))
        let planner = context.store(initial: launch, machine: machine, clock: clock)
        await planner.wait { !$0.persistence.isRestoring }
        await planner.advance(by: .milliseconds(500))
        await planner.wait { $0.isSaved || $0.problem != nil }
        let state = planner.state
        let plannerOutcome: EditOutcome = state.problem.map { .refused($0) } ?? .saved(state.plan)
        context.check(
          plannerOutcome == edit.outcome,
          "the planner ended \(plannerOutcome), expected \(edit.outcome)")
        let (oneShot, viaPlanner) = (direct.backing.load(), planned.backing.load())
        context.check(
          oneShot == viaPlanner && oneShot?.revision == edit.revision,
          "the database holds \(String(describing: oneShot)) after the one-shot edit and "
            + "\(String(describing: viaPlanner)) after the planner's, expected revision "
            + "\(edit.revision)")
      }
    } + [
      Scenario("a one-shot edit on a database that cannot be read writes nothing and says why") {
        context in
        typealias S = TrailsSamples
        let outcome = await Trails.edit(
          .add(trailID: S.gull, day: 1), in: FailingPlanDatabase(DirectEditFailure()),
          catalog: S.catalog, today: S.today)
        context.check(
          outcome == .unreadable("the disk is on fire"),
          "the one-shot edit ended \(outcome), expected the database's error")
      },
      Scenario("a one-shot edit whose write fails says why and leaves the plan as it was") {
        context in
        typealias S = TrailsSamples
        let database = TrailsDoubles.database(
          holding: S.plan([S.gull]), loads: CallLog(), saves: CallLog(), failingWrites: 1)
        let outcome = await Trails.edit(
          .add(trailID: S.tidepool, day: 2), in: database, catalog: S.catalog, today: S.today)
        context.check(
          outcome == .notSaved("the disk is full"),
          "the one-shot edit ended \(outcome), expected the write's error")
        let stored = database.backing.load()
        context.check(
          stored == StoredPlan(plan: S.plan([S.gull]), revision: 1),
          "the database holds \(String(describing: stored)), expected the plan as it was")
      },
    ]
  }
}

/// An in-memory database where another process stores a plan between the first read and the
/// first write.
private final class WrittenInBetween: PlanDatabase {
  let backing: InMemoryPlanDatabase
  /// The other process's plan, until it is stored.
  private let other: Mutex<Plan?>

  init(_ stored: Plan?, then other: Plan?) {
    backing = InMemoryPlanDatabase(stored)
    self.other = Mutex(other)
  }

  func load() async throws -> StoredPlan? {
    backing.load()
  }

  func update<Output: Codable & Hashable & Sendable>(
    _ change: @Sendable (Plan?) -> (plan: Plan, output: Output)
  ) async throws -> (stored: StoredPlan, output: Output) {
    if let plan = other.withLock({ $0.take() }) { _ = backing.update { _ in (plan, true) } }
    return backing.update(change)
  }

  func revision() async throws -> Int {
    backing.revision()
  }
}

/// A database's error, as the planner describes it: its text.
private struct DirectEditFailure: Error, CustomStringConvertible {
  var description: String { "the disk is on fire" }
}
