import Testing
import TrailsModel

struct TrailStoreTests {
  struct Broken: Error, Equatable {}

  @Test func inMemoryLoadsNothingWhenNothingWasSaved() async throws {
    #expect(try await TrailStore.inMemory().load() == nil)
  }

  @Test func inMemoryLoadsTheLastSave() async throws {
    let first = Plan(start: try #require(Day("2026-12-01")))
    let second = Plan(start: try #require(Day("2026-12-05")), days: [PlanDay(number: 1)])
    let store = TrailStore.inMemory(first)
    #expect(try await store.load() == first)
    try await store.save(second)
    #expect(try await store.load() == second)
  }

  @Test func failingThrowsItsErrorOnEveryCall() async throws {
    let store = TrailStore.failing(Broken())
    await #expect(throws: Broken()) { try await store.load() }
    let plan = Plan(start: try #require(Day("2026-12-01")))
    await #expect(throws: Broken()) { try await store.save(plan) }
  }
}
