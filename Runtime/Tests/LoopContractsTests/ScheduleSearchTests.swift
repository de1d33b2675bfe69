import Testing

@testable import LoopContracts

/// The searches `--search` reads.
///
/// It reads what ``ScheduleSearch/description`` writes: `random`, `pct-D` (D at least 1) and
/// `exhaustive-P` (P at least 0), and nothing else.
@Suite(.watchdog)
struct ScheduleSearchTests {
  /// Each documented form reads back as the search it names.
  @Test(arguments: [
    ("random", ScheduleSearch.random), ("pct-1", .pct(depth: 1)), ("pct-3", .pct(depth: 3)),
    ("exhaustive-0", .exhaustive(preemptions: 0)), ("exhaustive-2", .exhaustive(preemptions: 2)),
  ])
  func aDocumentedFormReadsAsItsSearch(text: String, search: ScheduleSearch) {
    #expect(ScheduleSearch(text) == search)
    #expect(ScheduleSearch(text)?.description == text)
  }

  /// A search without its number, or with one out of range, is not read.
  @Test(arguments: ["pct", "pct-0", "pct-", "exhaustive", "exhaustive--1", "random-1", "dfs"])
  func anUndocumentedFormIsNotRead(text: String) {
    #expect(ScheduleSearch(text) == nil)
  }
}
