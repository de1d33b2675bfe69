import Foundation

/// Decodes a `Decodable` value from a ``JSONNode`` tree, handing back the value a node already
/// decoded to when a type asks for it again.
///
/// The states of a version 2 recording share every node a step did not change, so decoding
/// step after step costs what changed: an untouched array of a hundred movies is the array
/// decoded at an earlier step (the same storage, which also makes comparing it free).
/// Errors are `DecodingError`s with the coding path, as `JSONDecoder`'s are; `Date`, `Data`
/// and `URL` are read as `JSONEncoder` writes them by default.
enum NodeDecoding {
  /// The value of type `T` that `node` holds.
  static func decode<T: Decodable>(_ type: T.Type, from node: JSONNode) throws -> T {
    try decodeValue(type, from: node, codingPath: [])
  }

  static func decodeValue<T: Decodable>(
    _ type: T.Type, from node: JSONNode, codingPath: [any CodingKey]
  ) throws -> T {
    // Unwrapped first: an empty cache cast to an Optional type would read as a cached nil.
    if let cached = node.value, let value = cached as? T { return value }
    let value: T
    if type == Date.self {
      let seconds = try NodeDecoder(node: node, codingPath: codingPath).number(Double.self)
      value = try cast(Date(timeIntervalSinceReferenceDate: seconds), codingPath)
    } else if type == Data.self {
      let text = try NodeDecoder(node: node, codingPath: codingPath).text()
      guard let data = Data(base64Encoded: text) else {
        throw DecodingError.dataCorrupted(
          .init(codingPath: codingPath, debugDescription: "not Base64"))
      }
      value = try cast(data, codingPath)
    } else if type == URL.self {
      let text = try NodeDecoder(node: node, codingPath: codingPath).text()
      guard let url = URL(string: text) else {
        throw DecodingError.dataCorrupted(
          .init(codingPath: codingPath, debugDescription: "not a URL"))
      }
      value = try cast(url, codingPath)
    } else {
      value = try T(from: NodeDecoder(node: node, codingPath: codingPath))
    }
    node.value = value
    return value
  }

  /// `value` as `T`, which the caller checked it is.
  private static func cast<T>(_ value: Any, _ codingPath: [any CodingKey]) throws -> T {
    guard let typed = value as? T else {
      throw DecodingError.typeMismatch(
        T.self, .init(codingPath: codingPath, debugDescription: "not a \(T.self)"))
    }
    return typed
  }
}

private struct NodeDecoder: Decoder, SingleValueDecodingContainer {
  let node: JSONNode
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func mismatch(_ type: Any.Type) -> DecodingError {
    if case .null = node.kind {
      return .valueNotFound(
        type, .init(codingPath: codingPath, debugDescription: "found null"))
    }
    return .typeMismatch(
      type, .init(codingPath: codingPath, debugDescription: "found \(node.kindName)"))
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let members) = node.kind else { throw mismatch([String: Any].self) }
    return KeyedDecodingContainer(KeyedContainer<Key>(members: members, codingPath: codingPath))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = node.kind else { throw mismatch([Any].self) }
    return UnkeyedContainer(elements: elements, codingPath: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  func decodeNil() -> Bool {
    if case .null = node.kind { true } else { false }
  }

  func decode(_ type: Bool.Type) throws -> Bool {
    guard case .bool(let flag) = node.kind else { throw mismatch(type) }
    return flag
  }

  func text() throws -> String {
    guard case .string(let text) = node.kind else { throw mismatch(String.self) }
    return text
  }

  func decode(_ type: String.Type) throws -> String { try text() }

  func number<T: LosslessStringConvertible>(_ type: T.Type) throws -> T {
    guard case .number(let text) = node.kind else { throw mismatch(type) }
    if let value = T(text) { return value }
    // An integer type given `1e3` or `2.0`: accepted, as JSONDecoder does, when exactly whole.
    if let double = Double(text), let whole = Int64(exactly: double), let value = T(String(whole)) {
      return value
    }
    throw DecodingError.dataCorrupted(
      .init(codingPath: codingPath, debugDescription: "\(text) does not fit in \(type)"))
  }

  func decode(_ type: Double.Type) throws -> Double { try number(type) }
  func decode(_ type: Float.Type) throws -> Float { try number(type) }
  func decode(_ type: Int.Type) throws -> Int { try number(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try number(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try number(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try number(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try number(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try number(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try number(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try number(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try number(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try number(type) }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try NodeDecoding.decodeValue(type, from: node, codingPath: codingPath)
  }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let members: JSONMembers
  let codingPath: [any CodingKey]

  var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

  func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

  private func member(_ key: Key) throws -> NodeDecoder {
    guard let node = members[key.stringValue] else {
      throw DecodingError.keyNotFound(
        key, .init(codingPath: codingPath, debugDescription: "no value for \(key.stringValue)"))
    }
    return NodeDecoder(node: node, codingPath: codingPath + [key])
  }

  func decodeNil(forKey key: Key) throws -> Bool { try member(key).decodeNil() }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try member(key).decode(type) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try member(key).text() }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try member(key).number(type)
  }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try member(key).number(type) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try member(key).number(type) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try member(key).number(type) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try member(key).number(type) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try member(key).number(type) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try member(key).number(type) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try member(key).number(type) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try member(key).number(type) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try member(key).number(type)
  }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try member(key).number(type)
  }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try member(key).number(type)
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    let member = try member(key)
    return try NodeDecoding.decodeValue(type, from: member.node, codingPath: member.codingPath)
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
    throws -> KeyedDecodingContainer<NestedKey>
  {
    try member(key).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try member(key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    NodeDecoder(
      node: members["super"] ?? .null, codingPath: codingPath + [NodeKey(stringValue: "super")])
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    NodeDecoder(node: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
  }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
  let elements: [JSONNode]
  let codingPath: [any CodingKey]
  var currentIndex = 0

  init(elements: [JSONNode], codingPath: [any CodingKey]) {
    self.elements = elements
    self.codingPath = codingPath
  }

  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  private mutating func next(_ type: Any.Type) throws -> NodeDecoder {
    let key = NodeKey(intValue: currentIndex)
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        type, .init(codingPath: codingPath + [key], debugDescription: "the array has ended"))
    }
    defer { currentIndex += 1 }
    return NodeDecoder(node: elements[currentIndex], codingPath: codingPath + [key])
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd else { return false }
    if case .null = elements[currentIndex].kind {
      currentIndex += 1
      return true
    }
    return false
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type).decode(type) }
  mutating func decode(_ type: String.Type) throws -> String { try next(type).text() }
  mutating func decode(_ type: Double.Type) throws -> Double { try next(type).number(type) }
  mutating func decode(_ type: Float.Type) throws -> Float { try next(type).number(type) }
  mutating func decode(_ type: Int.Type) throws -> Int { try next(type).number(type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type).number(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type).number(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type).number(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type).number(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type).number(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type).number(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type).number(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type).number(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type).number(type) }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let element = try next(type)
    return try NodeDecoding.decodeValue(type, from: element.node, codingPath: element.codingPath)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try next([String: Any].self).container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try next([Any].self).unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder {
    try next(Any.self)
  }
}
