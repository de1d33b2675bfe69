import Testing

@testable import LoopRecording

/// The recent values a file's records encoded: found again by an equal value, the latest
/// kept, and given up on for a type whose values never repeat.
struct RecentValuesTests {
  private struct Page: Equatable {
    let number: Int
  }

  private struct Unequatable {
    let number: Int
  }

  private func node(_ text: String) -> JSONNode {
    JSONNode(.string(text))
  }

  @Test func anEqualValueFindsTheLatestNodeKeptForIt() {
    let recent = RecentValues()
    let first = node("first")
    let second = node("second")
    recent.keep(Page(number: 1), first)
    recent.keep(Page(number: 2), node("other"))
    recent.keep(Page(number: 1), second)

    #expect(recent.node(of: Page(number: 1)) === second)
    #expect(recent.node(of: Page(number: 3)) == nil)
  }

  private struct Reading: Equatable {
    let value: Double
  }

  /// A kept value with the same bits is compared first, but `==` decides: not a number has
  /// the same bits as itself and equals nothing.
  @Test func theSameBitsAreNotEnoughToBeFound() {
    let recent = RecentValues()
    let kept = node("kept")
    recent.keep(Reading(value: 1.5), kept)
    recent.keep(Reading(value: .nan), node("not a number"))

    #expect(recent.node(of: Reading(value: .nan)) == nil)
    #expect(recent.node(of: Reading(value: 1.5)) === kept)
  }

  @Test func onceFullEachValueTakesTheOldestOnesPlace() {
    let recent = RecentValues()
    let nodes = (0...RecentValues.perType).map { node("page \($0)") }
    for (number, node) in nodes.enumerated() {
      recent.keep(Page(number: number), node)
    }

    #expect(recent.node(of: Page(number: 0)) == nil)
    for number in 1...RecentValues.perType {
      #expect(recent.node(of: Page(number: number)) === nodes[number])
    }
  }

  /// However many values of a type came before, the last 16 are found, and no older one.
  ///
  /// docs/RECORDINGS.md: "A value equal to one of the last 16 of its type encoded is not
  /// encoded again".
  @Test func theLast16ValuesOfATypeAreFoundHoweverManyCameBefore() {
    let recent = RecentValues()
    let nodes = (0..<40).map { node("page \($0)") }
    for (number, node) in nodes.enumerated() {
      recent.keep(Page(number: number), node)
    }

    for number in 24..<40 {
      #expect(recent.node(of: Page(number: number)) === nodes[number], "page \(number)")
    }
    for number in 0..<24 {
      #expect(recent.node(of: Page(number: number)) == nil, "page \(number)")
    }
  }

  @Test func aTypeWhoseValuesNeverRepeatIsNoLongerKept() {
    let recent = RecentValues()
    for number in 0..<RecentValues.trial {
      #expect(recent.node(of: Page(number: -1 - number)) == nil)
      recent.keep(Page(number: number), node("page \(number)"))
    }
    let kept = node("kept too late")
    recent.keep(Page(number: 1_000), kept)

    #expect(recent.node(of: Page(number: 1_000)) == nil)
    #expect(recent.node(of: Page(number: RecentValues.trial - 1)) == nil)
  }

  @Test func aTypeFoundOnceInItsTrialStaysKept() {
    let recent = RecentValues()
    let found = node("found")
    recent.keep(Page(number: 0), found)
    #expect(recent.node(of: Page(number: 0)) === found)
    for number in 1...(2 * RecentValues.trial) {
      #expect(recent.node(of: Page(number: -number)) == nil)
    }
    let later = node("later")
    recent.keep(Page(number: 1_000), later)

    #expect(recent.node(of: Page(number: 1_000)) === later)
  }

  @Test func aValueThatIsNotEquatableIsNeverKept() {
    let recent = RecentValues()
    recent.keep(Unequatable(number: 1), node("unequatable"))

    #expect(recent.node(of: Unequatable(number: 1)) == nil)
  }
}
