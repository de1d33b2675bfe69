import Foundation

/// Encodes an `Encodable` value as a ``JSONNode`` tree, reusing the nodes of a previous
/// encoding wherever a value is equal to the one encoded there before.
///
/// Each node keeps the value it was made from. Encoding the next state of a store with the
/// last state's tree as `previous`, a field whose value is `Equatable` and equal to the one
/// before (an array of a hundred movies that the step did not touch) costs one comparison,
/// usually of two references to the same storage, instead of encoding it again; and the
/// result shares that node, so ``JSONPatch/diff(from:to:)`` skips it by identity.
///
/// The text is what `JSONEncoder` writes with its default strategies: `Date` as seconds since
/// 2001, `Data` as Base64, `URL` as its string, and an error for a number that is not finite.
enum NodeEncoding {
  /// The tree of `value`, sharing what is unchanged with `previous`.
  static func encode<T: Encodable>(_ value: T, reusing previous: JSONNode? = nil) throws -> JSONNode
  {
    try encodeValue(value, previous: previous, codingPath: [])
  }

  static func encodeValue<T: Encodable>(
    _ value: T, previous: JSONNode?, codingPath: [any CodingKey]
  ) throws -> JSONNode {
    if let previous, let earlier = previous.value, let equatable = value as? any Equatable,
      equatable.isEqual(to: earlier)
    {
      return previous
    }
    let node: JSONNode
    switch value {
    case let date as Date:
      node = try number(date.timeIntervalSinceReferenceDate, codingPath: codingPath)
    case let data as Data:
      node = JSONNode(.string(data.base64EncodedString()))
    case let url as URL:
      node = JSONNode(.string(url.absoluteString))
    default:
      let encoder = NodeEncoder(codingPath: codingPath, previous: previous)
      try value.encode(to: encoder)
      node = encoder.node()
    }
    node.value = value
    return node
  }

  /// A number node for a `Double`, written as `JSONEncoder` writes it (`3` for 3.0).
  static func number(_ value: Double, codingPath: [any CodingKey]) throws -> JSONNode {
    guard value.isFinite else {
      throw EncodingError.invalidValue(
        value, .init(codingPath: codingPath, debugDescription: "\(value) is not a JSON number"))
    }
    if value == value.rounded(), abs(value) < 1e15 {
      return JSONNode(.number(String(Int64(value))))
    }
    return JSONNode(.number("\(value)"))
  }
}

extension Equatable {
  /// Whether `other` is a value of this type equal to this one.
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}

/// The `Encoder` behind ``NodeEncoding``: one value's container, and the previous node at
/// the same place.
private final class NodeEncoder: Encoder {
  enum Storage {
    case empty
    case single(JSONNode)
    case object(ObjectBuilder)
    case array(ArrayBuilder)
  }

  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  let previous: JSONNode?
  var storage = Storage.empty

  init(codingPath: [any CodingKey], previous: JSONNode?) {
    self.codingPath = codingPath
    self.previous = previous
  }

  func node() -> JSONNode {
    switch storage {
    case .empty: JSONNode(.object([:]))
    case .single(let node): node
    case .object(let builder): builder.node()
    case .array(let builder): builder.node()
    }
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let builder: ObjectBuilder
    if case .object(let existing) = storage {
      builder = existing
    } else {
      var earlier: [String: JSONNode]?
      if let previous, case .object(let members) = previous.kind { earlier = members }
      builder = ObjectBuilder(previous: earlier)
      storage = .object(builder)
    }
    return KeyedEncodingContainer(KeyedContainer<Key>(builder: builder, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let builder: ArrayBuilder
    if case .array(let existing) = storage {
      builder = existing
    } else {
      var earlier: [JSONNode]?
      if let previous, case .array(let elements) = previous.kind { earlier = elements }
      builder = ArrayBuilder(previous: earlier)
      storage = .array(builder)
    }
    return UnkeyedContainer(builder: builder, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleContainer(encoder: self)
  }
}

/// A member or element not yet finished: a node, or a nested encoder still being filled.
private enum Pending {
  case node(JSONNode)
  case encoder(NodeEncoder)

  func node() -> JSONNode {
    switch self {
    case .node(let node): node
    case .encoder(let encoder): encoder.node()
    }
  }
}

private final class ObjectBuilder {
  let previous: [String: JSONNode]?
  var members: [String: Pending] = [:]

  init(previous: [String: JSONNode]?) {
    self.previous = previous
  }

  func node() -> JSONNode {
    JSONNode(.object(members.mapValues { $0.node() }))
  }
}

private final class ArrayBuilder {
  let previous: [JSONNode]?
  var elements: [Pending] = []

  init(previous: [JSONNode]?) {
    self.previous = previous
  }

  var previousOfNext: JSONNode? {
    guard let previous, elements.count < previous.count else { return nil }
    return previous[elements.count]
  }

  func node() -> JSONNode {
    JSONNode(.array(elements.map { $0.node() }))
  }
}

/// The node of a primitive value.
private func primitive<T: BinaryInteger & LosslessStringConvertible>(_ value: T) -> JSONNode {
  JSONNode(.number(String(value)))
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let builder: ObjectBuilder
  let codingPath: [any CodingKey]

  private func set(_ node: JSONNode, _ key: Key) {
    builder.members[key.stringValue] = .node(node)
  }

  mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { set(JSONNode(.bool(value)), key) }
  mutating func encode(_ value: String, forKey key: Key) throws {
    set(JSONNode(.string(value)), key)
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    set(try NodeEncoding.number(value, codingPath: codingPath + [key]), key)
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    set(try NodeEncoding.number(Double(value), codingPath: codingPath + [key]), key)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws { set(primitive(value), key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { set(primitive(value), key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { set(primitive(value), key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { set(primitive(value), key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { set(primitive(value), key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { set(primitive(value), key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { set(primitive(value), key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { set(primitive(value), key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { set(primitive(value), key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { set(primitive(value), key) }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    set(
      try NodeEncoding.encodeValue(
        value, previous: builder.previous?[key.stringValue], codingPath: codingPath + [key]),
      key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    nestedEncoder(key).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    nestedEncoder(key).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    nestedEncoder(NodeKey(stringValue: "super"))
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    nestedEncoder(key)
  }

  private func nestedEncoder(_ key: any CodingKey) -> NodeEncoder {
    let encoder = NodeEncoder(
      codingPath: codingPath + [key], previous: builder.previous?[key.stringValue])
    builder.members[key.stringValue] = .encoder(encoder)
    return encoder
  }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
  let builder: ArrayBuilder
  let codingPath: [any CodingKey]
  var count: Int { builder.elements.count }

  private func append(_ node: JSONNode) {
    builder.elements.append(.node(node))
  }

  private var nextKey: any CodingKey { NodeKey(intValue: builder.elements.count) }

  mutating func encodeNil() throws { append(.null) }
  mutating func encode(_ value: Bool) throws { append(JSONNode(.bool(value))) }
  mutating func encode(_ value: String) throws { append(JSONNode(.string(value))) }
  mutating func encode(_ value: Double) throws {
    append(try NodeEncoding.number(value, codingPath: codingPath + [nextKey]))
  }
  mutating func encode(_ value: Float) throws {
    append(try NodeEncoding.number(Double(value), codingPath: codingPath + [nextKey]))
  }
  mutating func encode(_ value: Int) throws { append(primitive(value)) }
  mutating func encode(_ value: Int8) throws { append(primitive(value)) }
  mutating func encode(_ value: Int16) throws { append(primitive(value)) }
  mutating func encode(_ value: Int32) throws { append(primitive(value)) }
  mutating func encode(_ value: Int64) throws { append(primitive(value)) }
  mutating func encode(_ value: UInt) throws { append(primitive(value)) }
  mutating func encode(_ value: UInt8) throws { append(primitive(value)) }
  mutating func encode(_ value: UInt16) throws { append(primitive(value)) }
  mutating func encode(_ value: UInt32) throws { append(primitive(value)) }
  mutating func encode(_ value: UInt64) throws { append(primitive(value)) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    append(
      try NodeEncoding.encodeValue(
        value, previous: builder.previousOfNext, codingPath: codingPath + [nextKey]))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    nestedEncoder().container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    nestedEncoder().unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    nestedEncoder()
  }

  private func nestedEncoder() -> NodeEncoder {
    let encoder = NodeEncoder(codingPath: codingPath + [nextKey], previous: builder.previousOfNext)
    builder.elements.append(.encoder(encoder))
    return encoder
  }
}

private struct SingleContainer: SingleValueEncodingContainer {
  let encoder: NodeEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  private func set(_ node: JSONNode) {
    encoder.storage = .single(node)
  }

  mutating func encodeNil() throws { set(.null) }
  mutating func encode(_ value: Bool) throws { set(JSONNode(.bool(value))) }
  mutating func encode(_ value: String) throws { set(JSONNode(.string(value))) }
  mutating func encode(_ value: Double) throws {
    set(try NodeEncoding.number(value, codingPath: codingPath))
  }
  mutating func encode(_ value: Float) throws {
    set(try NodeEncoding.number(Double(value), codingPath: codingPath))
  }
  mutating func encode(_ value: Int) throws { set(primitive(value)) }
  mutating func encode(_ value: Int8) throws { set(primitive(value)) }
  mutating func encode(_ value: Int16) throws { set(primitive(value)) }
  mutating func encode(_ value: Int32) throws { set(primitive(value)) }
  mutating func encode(_ value: Int64) throws { set(primitive(value)) }
  mutating func encode(_ value: UInt) throws { set(primitive(value)) }
  mutating func encode(_ value: UInt8) throws { set(primitive(value)) }
  mutating func encode(_ value: UInt16) throws { set(primitive(value)) }
  mutating func encode(_ value: UInt32) throws { set(primitive(value)) }
  mutating func encode(_ value: UInt64) throws { set(primitive(value)) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    set(try NodeEncoding.encodeValue(value, previous: encoder.previous, codingPath: codingPath))
  }
}

/// A coding key made by the coders themselves: an array index, or `super`.
struct NodeKey: CodingKey {
  let stringValue: String
  let intValue: Int?

  init(stringValue: String) {
    self.stringValue = stringValue
    intValue = nil
  }

  init(intValue: Int) {
    stringValue = "\(intValue)"
    self.intValue = intValue
  }
}
