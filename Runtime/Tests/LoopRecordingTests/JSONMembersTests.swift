import Testing

@testable import LoopRecording

/// An object's members: sorted as its text has them, each key once, the later value kept.
struct JSONMembersTests {
  private func number(_ value: Int) -> JSONNode { JSONNode(.number(String(value))) }

  private func numbers(_ members: JSONMembers) -> [String] {
    members.map { member in
      guard case .number(let text) = member.value.kind else { return "?" }
      return "\(member.key)=\(text)"
    }
  }

  @Test func membersInAnyOrderAreSortedAsSwiftSortsStringsAndTheLaterOfTwoKeysIsKept() {
    let members = JSONMembers([
      (key: "title", value: number(1)), (key: "id", value: number(2)),
      (key: "Zed", value: number(3)), (key: "id", value: number(4)), (key: "é", value: number(5)),
    ])
    #expect(numbers(members) == ["Zed=3", "id=4", "title=1", "é=5"])
    #expect(members["id"]?.textCount == 1)
    #expect(members["missing"] == nil)
  }

  @Test func manyMembersSortTheSameWayAsAFew() {
    // More than sixteen members take the other sort; both keep the later of two keys.
    var pairs: [JSONMembers.Element] = (0..<40).reversed().map {
      (key: "k\($0)", value: number($0))
    }
    pairs.append((key: "k7", value: number(700)))
    pairs.insert((key: "k39", value: number(-1)), at: 0)
    let members = JSONMembers(pairs)
    let expected = (0..<40).map { "k\($0)" }.sorted()
    #expect(members.keys == expected)
    #expect(members.count == 40)
    #expect(numbers(members).contains("k7=700"))
    #expect(numbers(members).contains("k39=39"))
  }

  @Test func settingAddsReplacesAndRemovesKeepingTheOrder() {
    var members: JSONMembers = ["b": number(1), "d": number(2)]
    members["c"] = number(3)
    members["a"] = number(4)
    members["d"] = number(5)
    members["b"] = nil
    members["x"] = nil
    #expect(numbers(members) == ["a=4", "c=3", "d=5"])
    #expect(members.removeValue(forKey: "c") != nil)
    #expect(members.removeValue(forKey: "c") == nil)
    #expect(numbers(members) == ["a=4", "d=5"])
  }

  @Test func mappingValuesTransformsEveryValueAndKeepsEveryKeyInOrder() {
    let members: JSONMembers = ["b": number(1), "a": number(2), "c": number(3)]
    let doubled = members.mapValues { node in
      guard case .number(let text) = node.kind, let value = Int(text) else { return node }
      return number(value * 2)
    }
    #expect(numbers(doubled) == ["a=4", "b=2", "c=6"])
    #expect(numbers(members) == ["a=2", "b=1", "c=3"])
  }

  @Test func anObjectsTextHasItsKeysSortedWhateverOrderTheyWereGiven() {
    let node = JSONNode(.object(["b": number(1), "a": JSONNode(.string("x")), "c": .null]))
    #expect(String(decoding: node.serialized(), as: UTF8.self) == #"{"a":"x","b":1,"c":null}"#)
    #expect(node.textCount == node.serialized().count)
  }
}
