/// A JSON document as a tree whose numbers keep their text, so a mutation can write any
/// number (`1e400`, `-0`) and object keys keep a fixed (sorted) order.
indirect enum JSONValue: Decodable {
  case null
  case bool(Bool)
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([(key: String, value: JSONValue)])

  /// One step from a value to a child: a key of an object or an index of an array.
  enum Step {
    case key(String)
    case index(Int)
  }

  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  init(from decoder: any Decoder) throws {
    if let object = try? decoder.container(keyedBy: AnyKey.self) {
      self = .object(
        try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map { key in
          (key.stringValue, try object.decode(JSONValue.self, forKey: key))
        })
    } else if var array = try? decoder.unkeyedContainer() {
      var elements: [JSONValue] = []
      while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
      self = .array(elements)
    } else {
      let single = try decoder.singleValueContainer()
      if single.decodeNil() {
        self = .null
      } else if let bool = try? single.decode(Bool.self) {
        self = .bool(bool)
      } else if let integer = try? single.decode(Int64.self) {
        self = .number("\(integer)")
      } else if let double = try? single.decode(Double.self) {
        self = .number("\(double)")
      } else {
        self = .string(try single.decode(String.self))
      }
    }
  }

  /// The JSON text.
  var text: String {
    switch self {
    case .null: "null"
    case .bool(let bool): bool ? "true" : "false"
    case .number(let text): text
    case .string(let string): Self.quoted(string)
    case .array(let elements): "[" + elements.map(\.text).joined(separator: ",") + "]"
    case .object(let members):
      "{" + members.map { Self.quoted($0.key) + ":" + $0.value.text }.joined(separator: ",")
        + "}"
    }
  }

  /// Every value in the tree with the path to it, the root first.
  var paths: [[Step]] {
    var paths: [[Step]] = [[]]
    switch self {
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        paths += element.paths.map { [.index(index)] + $0 }
      }
    case .object(let members):
      for member in members { paths += member.value.paths.map { [.key(member.key)] + $0 } }
    case .null, .bool, .number, .string:
      break
    }
    return paths
  }

  /// The value at `path`, if there is one.
  func value(at path: some Collection<Step>) -> JSONValue? {
    guard let step = path.first else { return self }
    switch (self, step) {
    case (.array(let elements), .index(let index)) where elements.indices.contains(index):
      return elements[index].value(at: path.dropFirst())
    case (.object(let members), .key(let key)):
      return members.first { $0.key == key }?.value.value(at: path.dropFirst())
    default:
      return nil
    }
  }

  /// This tree with the value at `path` replaced by `replacement`, or removed when `nil`.
  func replacing(_ path: some Collection<Step>, with replacement: JSONValue?) -> JSONValue? {
    guard let step = path.first else { return replacement }
    let rest = path.dropFirst()
    switch (self, step) {
    case (.array(var elements), .index(let index)) where elements.indices.contains(index):
      if let value = elements[index].replacing(rest, with: replacement) {
        elements[index] = value
      } else {
        elements.remove(at: index)
      }
      return .array(elements)
    case (.object(var members), .key(let key)):
      guard let index = members.firstIndex(where: { $0.key == key }) else { return self }
      if let value = members[index].value.replacing(rest, with: replacement) {
        members[index].value = value
      } else {
        members.remove(at: index)
      }
      return .object(members)
    default:
      return self
    }
  }

  /// The value as another JSON type: numbers and strings swap, arrays and objects swap.
  var swappedType: JSONValue {
    switch self {
    case .null: .object([])
    case .bool(let bool): .string(bool ? "true" : "false")
    case .number(let text): .string(text)
    case .string(let string): Int(string).map { .number("\($0)") } ?? .number("42")
    case .array(let elements):
      .object(elements.enumerated().map { (key: "\($0.offset)", value: $0.element) })
    case .object(let members): .array(members.map(\.value))
    }
  }

  private static func quoted(_ string: String) -> String {
    var text = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case _ where scalar.value < 0x20: text += "\\u" + hex4(scalar.value)
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text + "\""
  }

  private static func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 4 - digits.count) + digits
  }
}
