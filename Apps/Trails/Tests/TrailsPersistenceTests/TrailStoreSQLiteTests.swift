import Testing
import TrailsModel
import TrailsPersistence

/// The store the app runs on: `TrailStore.sqlite(path:)` over a real file.
struct TrailStoreSQLiteTests {
  @Test func everyCallRunsOnTheStoresOwnQueueNotTheCallersThread() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = try TrailStore.sqlite(path: folder.path("trails.sqlite"))
    let base = try SamplePlans.emptyDay()
    let (_, onQueue) = try await store.update { current in
      (SamplePlans.appending("first", to: base)(current), DatabaseQueue.isCurrent)
    }
    #expect(onQueue)
    #expect(!DatabaseQueue.isCurrent)
  }

  @Test func updateHandsBackWhatTheChangeFoundAndStoresThePlan() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let store = try TrailStore.sqlite(path: path)
    let base = try SamplePlans.emptyDay()
    let first = try await store.update(SamplePlans.appending("first", to: base))
    let (second, given) = try await store.update { current in
      (SamplePlans.appending("second", to: base)(current), current)
    }
    #expect(given == first.plan)
    #expect(second.revision == 2)
    #expect(second.plan.days == [PlanDay(number: 1, trailIDs: ["first", "second"])])
    #expect(try SQLiteTrailStore(path: path).load() == second)
  }

  @Test func aReadOnlyStoreRefusesAnUpdateWithoutRunningTheChange() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    _ = try SQLiteTrailStore(path: path)
    let store = try TrailStore.sqlite(path: path, access: .readOnly)
    let base = try SamplePlans.emptyDay()
    await #expect(throws: PersistenceError.readOnly(path)) {
      try await store.update { _ -> Plan in
        Issue.record("a read-only store ran the change")
        return base
      }
    }
  }
}
