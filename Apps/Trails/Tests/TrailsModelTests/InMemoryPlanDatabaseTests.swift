import CalendarDay
import Testing
import TrailsModel

struct InMemoryPlanDatabaseTests {
  struct Broken: Error, Equatable {}

  /// A change appending `trail` to the first day, starting from `base` when nothing is stored.
  static func appending(_ trail: String, to base: Plan) -> @Sendable (Plan?) -> Plan {
    { stored in
      var plan = stored ?? base
      plan.days[0].trailIDs.append(trail)
      return plan
    }
  }

  @Test func inMemoryLoadsNothingAtRevisionZeroWhenNothingWasWritten() async throws {
    let database: some PlanDatabase = InMemoryPlanDatabase()
    #expect(try await database.load() == nil)
    #expect(try await database.revision() == 0)
  }

  @Test func inMemoryStartsAtRevisionOneWithAPlan() async throws {
    let plan = Plan(start: try #require(Day("2026-12-01")))
    let database: some PlanDatabase = InMemoryPlanDatabase(plan)
    #expect(try await database.load() == StoredPlan(plan: plan, revision: 1))
    #expect(try await database.revision() == 1)
  }

  @Test func updateAppliesTheChangeToTheStoredPlanAndCountsTheRevision() async throws {
    let first = Plan(start: try #require(Day("2026-12-01")))
    let second = Plan(start: try #require(Day("2026-12-05")), days: [PlanDay(number: 1)])
    let database: some PlanDatabase = InMemoryPlanDatabase()
    let seen = try await database.update { stored in
      #expect(stored == nil)
      return first
    }
    #expect(seen == StoredPlan(plan: first, revision: 1))
    let next = try await database.update { stored in
      #expect(stored == first)
      return second
    }
    #expect(next == StoredPlan(plan: second, revision: 2))
    #expect(try await database.load() == next)
    #expect(try await database.revision() == 2)
  }

  @Test func updateHandsBackWhatTheChangeFoundBesideWhatItStored() async throws {
    let base = Plan(start: try #require(Day("2026-12-01")), days: [PlanDay(number: 1)])
    let database: some PlanDatabase = InMemoryPlanDatabase(base)
    let (stored, given) = try await database.update { current in
      (Self.appending("a", to: base)(current), current)
    }
    #expect(given == base)
    #expect(stored.plan.days == [PlanDay(number: 1, trailIDs: ["a"])])
    #expect(stored.revision == 2)
  }

  @Test func twoReferencesToOneInMemoryDatabaseMergeTheirUpdates() async throws {
    let base = Plan(start: try #require(Day("2026-12-01")), days: [PlanDay(number: 1)])
    let database: some PlanDatabase = InMemoryPlanDatabase()
    let (one, other) = (database, database)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<10 {
        group.addTask { _ = try await one.update(Self.appending("one-\(index)", to: base)) }
        group.addTask { _ = try await other.update(Self.appending("other-\(index)", to: base)) }
      }
      try await group.waitForAll()
    }
    let stored = try #require(try await one.load())
    let expected = (0..<10).flatMap { ["one-\($0)", "other-\($0)"] }
    #expect(stored.plan.days.first?.trailIDs.sorted() == expected.sorted())
    #expect(stored.revision == 20)
    #expect(try await other.revision() == 20)
  }

  @Test func separateInMemoryDatabasesShareNothing() async throws {
    let plan = Plan(start: try #require(Day("2026-12-01")))
    let first: some PlanDatabase = InMemoryPlanDatabase()
    let second: some PlanDatabase = InMemoryPlanDatabase()
    _ = try await first.update { _ in plan }
    #expect(try await second.load() == nil)
    #expect(try await second.revision() == 0)
  }

  @Test func failingThrowsItsErrorOnEveryCall() async throws {
    let database: some PlanDatabase = FailingPlanDatabase(Broken())
    await #expect(throws: Broken()) { try await database.load() }
    let plan = Plan(start: try #require(Day("2026-12-01")))
    await #expect(throws: Broken()) { try await database.update { _ in plan } }
    await #expect(throws: Broken()) { try await database.revision() }
  }
}
