import Loop
import LoopTesting
import TestSupport
import Testing

@testable import LoopTesting

/// The one renderer every failure uses: compact when a value fits, laid out when it does not,
/// every field shown, long collections folded with their count, no module prefixes.
struct ValueRenderingTests {
  struct Catalog: Equatable, Sendable {
    var titles: [String]
    var status: Status
    var note: String
  }

  enum Status: Equatable, Sendable {
    case loading(page: Int)
    case idle
  }

  private static let long = Catalog(
    titles: (1...25).map { "Movie number \($0)" }, status: .loading(page: 3),
    note: "the field after a long collection")

  @Test func aValueThatFitsStaysOnOneLine() {
    let rendered = ValueRendering.block(Catalog(titles: ["Dune"], status: .idle, note: "n"))

    #expect(rendered == #"Catalog(titles: ["Dune"], status: .idle, note: "n")"#)
  }

  @Test func aWideValueIsLaidOutOneFieldPerLineWithEveryFieldShown() {
    let rendered = ValueRendering.block(Self.long)
    let lines = rendered.split(separator: "\n").map(String.init)

    #expect(lines.first == "Catalog(")
    #expect(lines.contains("  status: .loading(page: 3),"))
    #expect(lines.contains(#"  note: "the field after a long collection""#))
    #expect(lines.last == ")")
    #expect(lines.allSatisfy { $0.count <= 100 }, "\(rendered)")
  }

  @Test func aLongCollectionShowsItsFirstElementsAndCountsTheRest() {
    let rendered = ValueRendering.block(Self.long)

    #expect(rendered.contains(#"    "Movie number 10","#))
    #expect(!rendered.contains("Movie number 11"))
    #expect(rendered.contains("    … 15 more (25 in all)"))
  }

  @Test func aCollectionOneElementTooLongCountsTheOneItFolds() {
    let rendered = ValueRendering.block((1...11).map { "Movie number \($0)" })

    let shown = (1...10).map { #"  "Movie number \#($0)","# }
    #expect(rendered == (["["] + shown + ["  … 1 more (11 in all)", "]"]).joined(separator: "\n"))
  }

  @Test func typeNamesCarryNoModulePrefix() {
    let rendered = ValueRendering.block(Self.long)

    #expect(!rendered.contains("LoopTestingTests."))
    #expect(!rendered.contains("ValueRenderingTests."))
  }

  @Test func aWaitFailureShowsTheWholeLastStateEvenPastAFewHundredCharacters() async {
    let store = TestStore(
      initial: Self.long,
      reducer: Reducer<Catalog, Int> { state, _ in state.status = .idle }, feedbacks: [],
      exhaustivity: .off)
    store.send(1)

    await withKnownIssue {
      await store.wait { $0.note == "never" }
    } matching: { issue in
      let text = message(of: issue)
      return text.contains(#"note: "the field after a long collection""#)
        && text.contains("… 15 more (25 in all)") && text.contains("status: .idle")
    }
  }
}
