import LoopTesting
import Testing

struct StateDiffTests {
  // MARK: - Fixtures

  private struct Movie: Hashable {
    var id: Int
    var title: String
  }

  private enum Status: Hashable {
    case idle
    case loading(page: Int)
    case loaded(Int)
    case failed(code: Int, String)
  }

  private struct Owner: Hashable {
    var name: String
  }

  private struct Plan: Hashable {
    var title: String
    var owner: Owner
    var days: [String]
  }

  private struct Catalog: Hashable {
    var status: Status = .idle
    var movies: [Movie] = []
    var selected: Movie?
    var tags: Set<String> = []
    var cache: [String: Int] = [:]
  }

  private struct Poem: CustomStringConvertible {
    var description: String { "roses are red\nviolets are blue" }
  }

  private class Animal {
    var name: String
    init(name: String) { self.name = name }
  }

  private final class Dog: Animal {
    var goodBoy: Bool
    init(name: String, goodBoy: Bool) {
      self.goodBoy = goodBoy
      super.init(name: name)
    }
  }

  /// A value type whose custom mirror claims to be a class.
  private struct Disguised: CustomReflectable {
    var level: Int
    var customMirror: Mirror { Mirror(self, children: ["level": level], displayStyle: .class) }
  }

  private final class Node {
    var value: Int
    var next: Node?
    init(value: Int, next: Node? = nil) {
      self.value = value
      self.next = next
    }
  }

  private static let dune = Movie(id: 3, title: "Dune")
  private static let catalog = Catalog(
    status: .loading(page: 2),
    movies: [Movie(id: 1, title: "Alien"), Movie(id: 2, title: "Brazil"), dune],
    selected: dune,
    tags: ["sci-fi", "classic"],
    cache: ["star": 5, "moon": 2])

  // MARK: - Equal values

  @Test func diffIsNilWhenValuesAreEqual() {
    #expect(StateDiff(expected: Self.catalog, actual: Self.catalog) == nil)
    #expect(StateDiff(expected: 1, actual: 1) == nil)
    #expect(StateDiff(expected: Status.idle, actual: Status.idle) == nil)
    #expect(StateDiff(expected: [String: [Int]](), actual: [:]) == nil)
  }

  @Test func diffIsNilWhenBothSidesShareOneClassInstance() {
    let node = Node(value: 1)
    node.next = node
    #expect(StateDiff(expected: node, actual: node) == nil)
  }

  // MARK: - Structs

  @Test func nestedFieldIsReportedAtItsDottedPathWhenItChanges() throws {
    let expected = Plan(title: "Trip", owner: Owner(name: "Ada"), days: ["mon"])
    var actual = expected
    actual.owner.name = "Grace"
    let diff = try #require(StateDiff(expected: expected, actual: actual))
    #expect(
      diff.differences == [
        .init(path: "owner.name", expected: "\"Ada\"", actual: "\"Grace\"")
      ])
  }

  @Test func rootLeafIsReportedWithAnEmptyPathWhenRootsDiffer() throws {
    let diff = try #require(StateDiff(expected: 1, actual: 2))
    #expect(diff.differences == [.init(path: "", expected: "1", actual: "2")])
    #expect(diff.description == "  (root)\n  - expected: 1\n  + actual:   2")
  }

  @Test func superclassFieldsAreComparedWhenValuesAreSubclassInstances() throws {
    let diff = try #require(
      StateDiff(
        expected: Dog(name: "Rex", goodBoy: true), actual: Dog(name: "Max", goodBoy: false)))
    #expect(diff.differences.map(\.path) == ["name", "goodBoy"])
  }

  @Test func differentDynamicTypesAreOneLeafWhenAnAnyHoldsThem() throws {
    let diff = try #require(StateDiff(expected: [1 as Any], actual: ["1" as Any]))
    #expect(diff.differences == [.init(path: "[0]", expected: "1", actual: "\"1\"")])
  }

  @Test func durationIsComparedWholeWhenItChanges() throws {
    let diff = try #require(
      StateDiff(expected: ["delay": Duration.seconds(2)], actual: ["delay": .milliseconds(300)]))
    #expect(
      diff.differences == [
        .init(path: "[\"delay\"]", expected: "2.0 seconds", actual: "0.3 seconds")
      ])
  }

  @Test func fieldsAreComparedWhenAValueTypeMirrorsItselfAsAClass() throws {
    let diff = try #require(StateDiff(expected: Disguised(level: 1), actual: Disguised(level: 2)))
    #expect(diff.differences == [.init(path: "level", expected: "1", actual: "2")])
  }

  // MARK: - Enums

  @Test func payloadIsReportedUnderTheCaseNameWhenTheCaseIsTheSame() throws {
    let labeled = try #require(
      StateDiff(expected: Status.loading(page: 2), actual: Status.loading(page: 3)))
    #expect(labeled.differences == [.init(path: "loading.page", expected: "2", actual: "3")])

    let unlabeled = try #require(StateDiff(expected: Status.loaded(1), actual: Status.loaded(2)))
    #expect(unlabeled.differences.map(\.path) == ["loaded.0"])

    var expected = Self.catalog
    expected.status = .failed(code: 404, "missing")
    var actual = expected
    actual.status = .failed(code: 500, "broken")
    let nested = try #require(StateDiff(expected: expected, actual: actual))
    #expect(
      nested.differences == [
        .init(path: "status.failed.code", expected: "404", actual: "500"),
        .init(path: "status.failed.1", expected: "\"missing\"", actual: "\"broken\""),
      ])
  }

  @Test func enumIsOneCompactLeafWhenCasesDiffer() throws {
    var actual = Self.catalog
    actual.status = .idle
    let diff = try #require(StateDiff(expected: Self.catalog, actual: actual))
    #expect(
      diff.differences == [.init(path: "status", expected: ".loading(page: 2)", actual: ".idle")])

    let payloads = try #require(
      StateDiff(expected: Status.failed(code: 1, "x"), actual: Status.loaded(7)))
    #expect(
      payloads.differences == [
        .init(path: "", expected: ".failed(code: 1, \"x\")", actual: ".loaded(7)")
      ])
  }

  // MARK: - Arrays

  @Test func changedElementIsReportedAtItsIndexWhenAnElementChanges() throws {
    var actual = Self.catalog
    actual.movies[2].title = "Arrival"
    let diff = try #require(StateDiff(expected: Self.catalog, actual: actual))
    #expect(
      diff.differences == [
        .init(path: "movies[2].title", expected: "\"Dune\"", actual: "\"Arrival\"")
      ])
  }

  @Test func extraElementHasNoExpectedSideWhenActualIsLonger() throws {
    let diff = try #require(StateDiff(expected: [1, 2], actual: [1, 2, 3, 4]))
    #expect(
      diff.differences == [
        .init(path: "[2]", expected: nil, actual: "3"),
        .init(path: "[3]", expected: nil, actual: "4"),
      ])
  }

  @Test func missingElementHasNoActualSideWhenActualIsShorter() throws {
    var actual = Self.catalog
    actual.movies.removeLast()
    let diff = try #require(StateDiff(expected: Self.catalog, actual: actual))
    #expect(
      diff.differences == [
        .init(path: "movies[2]", expected: "Movie(id: 3, title: \"Dune\")", actual: nil)
      ])
  }

  @Test func elementsAreComparedIndexByIndexWhenOneIsInsertedAtTheFront() throws {
    let diff = try #require(StateDiff(expected: ["b", "c"], actual: ["a", "b", "c"]))
    #expect(diff.differences.map(\.path) == ["[0]", "[1]", "[2]"])
  }

  // MARK: - Sets

  @Test func setMembersOnOneSideAreSortedWhenMembersAreAddedAndRemoved() throws {
    let diff = try #require(
      StateDiff(expected: Set(["d", "a", "c"]), actual: Set(["e", "c", "b"])))
    #expect(
      diff.differences == [
        .init(path: "{\"a\"}", expected: "\"a\"", actual: nil),
        .init(path: "{\"b\"}", expected: nil, actual: "\"b\""),
        .init(path: "{\"d\"}", expected: "\"d\"", actual: nil),
        .init(path: "{\"e\"}", expected: nil, actual: "\"e\""),
      ])
  }

  @Test func setMemberIsReportedUnderTheFieldWhenTheSetIsAField() throws {
    var actual = Self.catalog
    actual.tags.insert("new")
    actual.tags.remove("classic")
    let diff = try #require(StateDiff(expected: Self.catalog, actual: actual))
    #expect(diff.differences.map(\.path) == ["tags{\"classic\"}", "tags{\"new\"}"])
  }

  // MARK: - Dictionaries

  @Test func changedValueIsReportedAtItsQuotedKeyWhenAValueChanges() throws {
    var actual = Self.catalog
    actual.cache["star"] = 6
    let diff = try #require(StateDiff(expected: Self.catalog, actual: actual))
    #expect(diff.differences == [.init(path: "cache[\"star\"]", expected: "5", actual: "6")])
  }

  @Test func missingKeyHasNoValueOnThatSideWhenAKeyIsOnOneSideOnly() throws {
    let diff = try #require(
      StateDiff(expected: [3: "three", 1: "one"], actual: [1: "one", 2: "two"]))
    #expect(
      diff.differences == [
        .init(path: "[2]", expected: nil, actual: "\"two\""),
        .init(path: "[3]", expected: "\"three\"", actual: nil),
      ])
  }

  @Test func keysComeInSortedOrderWhenInsertionOrderDiffers() throws {
    let keys = (0..<20).map { "key\($0)" }
    var expected: [String: Int] = [:]
    for key in keys { expected[key] = 0 }
    var actual: [String: Int] = [:]
    for key in keys.reversed() { actual[key] = 1 }
    let diff = try #require(StateDiff(expected: expected, actual: actual))
    let paths = diff.differences.map(\.path)
    #expect(paths == keys.sorted().map { "[\"\($0)\"]" })
    let again = try #require(StateDiff(expected: expected, actual: actual))
    #expect(again.differences == diff.differences)
  }

  // MARK: - Optionals

  @Test func optionalIsOneLeafWhenOneSideIsNil() throws {
    var actual = Self.catalog
    actual.selected = nil
    let diff = try #require(StateDiff(expected: Self.catalog, actual: actual))
    #expect(
      diff.differences == [
        .init(path: "selected", expected: "Movie(id: 3, title: \"Dune\")", actual: "nil")
      ])
  }

  @Test func wrappedValuesAreComparedWithoutSomeWhenBothSidesHaveAValue() throws {
    var actual = Self.catalog
    actual.selected?.id = 9
    let diff = try #require(StateDiff(expected: Self.catalog, actual: actual))
    #expect(diff.differences == [.init(path: "selected.id", expected: "3", actual: "9")])
  }

  // MARK: - Tuples

  @Test func tupleElementsUseTheirLabelsOrPositionsWhenTheyChange() throws {
    let labeled = try #require(StateDiff(expected: (x: 1, y: 2), actual: (x: 1, y: 5)))
    #expect(labeled.differences == [.init(path: "y", expected: "2", actual: "5")])

    let unlabeled = try #require(StateDiff(expected: (1, "a"), actual: (2, "b")))
    #expect(unlabeled.differences.map(\.path) == [".0", ".1"])

    let nested = try #require(
      StateDiff(expected: ["p": (1, (x: 2, y: 3))], actual: ["p": (1, (x: 2, y: 4))]))
    #expect(nested.differences.map(\.path) == ["[\"p\"].1.y"])
  }

  // MARK: - Cycles

  @Test func cyclicGraphsAreComparedWithoutHangingWhenAValueInTheCycleDiffers() throws {
    let expected = Node(value: 1, next: Node(value: 2))
    expected.next?.next = expected
    let actual = Node(value: 1, next: Node(value: 3))
    actual.next?.next = actual

    let diff = try #require(StateDiff(expected: expected, actual: actual))
    #expect(diff.differences == [.init(path: "next.value", expected: "2", actual: "3")])
    #expect(
      ValueRenderingProbe.rendering(of: expected)
        == "Node(value: 1, next: Node(value: 2, next: Node(<cycle>)))")
  }

  @Test func cycleIsOneLeafWhenOnlyOneSideLoopsBack() throws {
    let expected = Node(value: 1)
    expected.next = expected
    let actual = Node(value: 1, next: Node(value: 1))

    let diff = try #require(StateDiff(expected: expected, actual: actual))
    #expect(
      diff.differences == [
        .init(path: "next", expected: "Node(<cycle>)", actual: "Node(value: 1, next: nil)")
      ])

    let twin = Node(value: 1)
    twin.next = twin
    #expect(StateDiff(expected: expected, actual: twin) == nil)
  }

  // MARK: - Rendering

  @Test func descriptionListsEachDifferenceWithPathExpectedAndActualWhenSeveralDiffer() throws {
    var actual = Self.catalog
    actual.status = .idle
    actual.movies[2].title = "Arrival"
    actual.movies.append(Movie(id: 4, title: "Heat"))
    actual.cache["moon"] = nil
    let diff = try #require(StateDiff(expected: Self.catalog, actual: actual))
    #expect(
      diff.description == """
          status
          - expected: .loading(page: 2)
          + actual:   .idle
          movies[2].title
          - expected: "Dune"
          + actual:   "Arrival"
          movies[3]
          - expected: (absent)
          + actual:   Movie(id: 4, title: "Heat")
          cache["moon"]
          - expected: 2
          + actual:   (absent)
        """)
    #expect("\(diff)" == diff.description)
  }

  @Test func wholeValueIsRenderedCompactlyWhenItIsOnOneSideOnly() throws {
    let diff = try #require(StateDiff(expected: [Catalog?.none], actual: [Self.catalog]))
    let rendering = try #require(diff.differences.first?.actual)
    #expect(
      rendering == """
        Catalog(status: .loading(page: 2), movies: [Movie(id: 1, title: "Alien"), \
        Movie(id: 2, title: "Brazil"), Movie(id: 3, title: "Dune")], \
        selected: Movie(id: 3, title: "Dune"), tags: Set(["classic", "sci-fi"]), \
        cache: ["moon": 2, "star": 5])
        """)
  }

  @Test func aLongValueThatCannotBeLaidOutIsShownWholeOnOneLine() throws {
    let long = String(repeating: "x", count: 300)
    let diff = try #require(StateDiff(expected: long, actual: "short"))
    let fullRendering = "\"" + long + "\""
    #expect(diff.differences.first?.expected == fullRendering)
    #expect(diff.description == "  (root)\n  - expected: \(fullRendering)\n  + actual:   \"short\"")
  }

  struct Player: Equatable {
    let id: Int
    let name: String
  }

  struct Team: Equatable {
    var players: [Player]?
  }

  @Test func aLongCollectionIsLaidOutOneElementALineAndFoldedAfterTen() throws {
    let players = (1...30).map { Player(id: $0, name: "player \($0)") }
    let diff = try #require(StateDiff(expected: Team(players: nil), actual: Team(players: players)))
    let elements = (1...10).map { "                Player(id: \($0), name: \"player \($0)\")," }
    #expect(
      diff.description
        == (["  players", "  - expected: nil", "  + actual:   ["] + elements + [
          "                … 20 more (30 in all)", "              ]",
        ]).joined(separator: "\n"))
    // The rendering itself is whole, and equality does not look at the layout.
    #expect(diff.differences.first?.actual?.contains("Player(id: 30, name: \"player 30\")") == true)
    #expect(
      diff.differences
        == [.init(path: "players", expected: "nil", actual: diff.differences.first?.actual)])
  }

  @Test func lineBreaksAreShownEscapedWhenAValueDescribesItselfOnSeveralLines() throws {
    let diff = try #require(StateDiff(expected: Poem?.none, actual: Poem()))
    #expect(diff.differences.first?.actual == "roses are red\nviolets are blue")
    #expect(
      diff.description
        == "  (root)\n  - expected: nil\n  + actual:   roses are red\\nviolets are blue")
  }
}

/// Renders a value the way a difference shows it, through the public API only: as the actual
/// side of a difference against `nil`.
private enum ValueRenderingProbe {
  static func rendering<Value>(of value: Value) -> String? {
    StateDiff(expected: Value?.none, actual: value)?.differences.first?.actual
  }
}
