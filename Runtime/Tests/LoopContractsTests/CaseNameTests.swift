import Testing

@testable import LoopContracts

/// Event kinds are case names: read from the runtime, the same as `Mirror` reads them.
@Suite(.watchdog)
struct CaseNameTests {
  private struct Page: Equatable {
    var number: Int
    var titles: [String]
  }

  private enum Event {
    case start
    case pageLoaded(page: Page, first: Bool)
    case aCaseWithAVeryLongNameIndeed(Int)
    indirect case retried(Event)
  }

  /// A description that is not the case name: the kind is still the case name.
  private enum Described: CustomStringConvertible {
    case idle
    case failed(String)

    var description: String { "described" }
  }

  private enum Wrapper<Payload> {
    case value(Payload)
    case none
  }

  private struct NotAnEnum: CustomStringConvertible {
    var description: String { "a struct" }
  }

  @Test func everyKindOfCaseIsNamedAsDeclared() {
    let page = Page(number: 2, titles: ["Alien", "Heat"])
    #expect(CaseName.of(Event.start) == "start")
    #expect(CaseName.of(Event.pageLoaded(page: page, first: true)) == "pageLoaded")
    #expect(CaseName.of(Event.aCaseWithAVeryLongNameIndeed(1)) == "aCaseWithAVeryLongNameIndeed")
    #expect(CaseName.of(Event.retried(.start)) == "retried")
    #expect(CaseName.of(Described.idle) == "idle")
    #expect(CaseName.of(Described.failed("no network")) == "failed")
    #expect(CaseName.of(Wrapper.value(page)) == "value")
    #expect(CaseName.of(Wrapper<Page>.none) == "none")
  }

  @Test func aValueThatIsNotAnEnumIsItsDescription() {
    #expect(CaseName.of(NotAnEnum()) == "a struct")
    #expect(CaseName.of(42) == "42")
    // An optional is not an enum to Mirror, nor here.
    let optional: Event? = .start
    let described = CaseName.of(optional)
    #expect(described.hasPrefix("Optional("))
  }

  @Test func namesReadFromManyThreadsAtOnceAreTheSame() async {
    let names = await withTaskGroup(of: [String].self) { group in
      for _ in 0..<8 {
        group.addTask {
          (0..<200).map { index in
            CaseName.of(
              index.isMultiple(of: 2) ? Event.start : .aCaseWithAVeryLongNameIndeed(index))
          }
        }
      }
      return await group.reduce(into: Set<[String]>()) { $0.insert($1) }
    }
    #expect(names.count == 1)
    #expect(names.first?.prefix(2) == ["start", "aCaseWithAVeryLongNameIndeed"])
  }
}
