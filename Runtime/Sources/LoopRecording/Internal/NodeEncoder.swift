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
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - previous: The previous encoding of a value at the same place (the state before).
  ///   - remembering: Whether each node keeps its value, for the next encoding to reuse:
  ///     for states, not for records written once.
  ///   - recent: The last value of each type encoded before, whose node is reused for an
  ///     equal value (the page a call returned, then the event that carries it).
  /// - Returns: The tree.
  /// - Throws: `EncodingError` for a number that is not finite, or what `value` throws.
  static func encode<T: Encodable>(
    _ value: T, reusing previous: JSONNode? = nil, remembering: Bool = false,
    recent: RecentValues? = nil
  ) throws -> JSONNode {
    try encodeValue(value, previous: previous, remembering: remembering, recent: recent, at: nil)
  }

  /// The tree of `value` at `path`.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - previous: The node at the same place in the previous encoding, if any.
  ///   - remembering: Whether each node keeps its value, for the next encoding to compare.
  ///   - recent: The last value of each type encoded before, if kept.
  ///   - path: Where the value is, for errors.
  /// - Returns: The tree.
  /// - Throws: `EncodingError` for a number that is not finite, or what `value` throws.
  static func encodeValue<T: Encodable>(
    _ value: T, previous: JSONNode?, remembering: Bool, recent: RecentValues? = nil,
    at path: KeyChain?
  ) throws -> JSONNode {
    if let previous, let earlier = previous.value, let equatable = value as? any Equatable,
      equatable.isEqual(to: earlier)
    {
      return previous
    }
    if let recent, let node = recent.node(of: value) {
      return node
    }
    let node: JSONNode
    if T.self == Date.self, let date = value as? Date {
      node = try number(date.timeIntervalSinceReferenceDate, at: path)
    } else if T.self == Data.self, let data = value as? Data {
      node = JSONNode(.string(data.base64EncodedString()))
    } else if T.self == URL.self, let url = value as? URL {
      node = JSONNode(.string(url.absoluteString))
    } else {
      let encoder = NodeEncoder(
        path: path, previous: previous, remembering: remembering, recent: recent)
      try value.encode(to: encoder)
      node = encoder.node()
    }
    if remembering { node.value = value }
    if let recent {
      switch node.kind {
      case .array(let elements) where elements.count >= RecentValues.fewestMembers:
        recent.keep(value, node)
      case .object(let members) where members.count >= RecentValues.fewestMembers:
        recent.keep(value, node)
      default: break
      }
    }
    return node
  }

  /// A number node for a `Double`, written as `JSONEncoder` writes it (`3` for 3.0).
  static func number(_ value: Double, at path: @autoclosure () -> KeyChain?) throws -> JSONNode {
    guard value.isFinite else {
      throw EncodingError.invalidValue(
        value,
        .init(codingPath: KeyChain.keys(path()), debugDescription: "\(value) is not a JSON number"))
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

  let path: KeyChain?
  var codingPath: [any CodingKey] { KeyChain.keys(path) }
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  let previous: JSONNode?
  let remembering: Bool
  let recent: RecentValues?
  var storage = Storage.empty

  init(path: KeyChain?, previous: JSONNode?, remembering: Bool, recent: RecentValues?) {
    self.path = path
    self.previous = previous
    self.remembering = remembering
    self.recent = recent
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
      var earlier: JSONMembers?
      if let previous, case .object(let members) = previous.kind { earlier = members }
      builder = ObjectBuilder(previous: earlier)
      storage = .object(builder)
    }
    return KeyedEncodingContainer(KeyedContainer<Key>(builder: builder, encoder: self))
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
    return UnkeyedContainer(builder: builder, encoder: self)
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
  let previous: JSONMembers?
  /// The members in the order they were encoded; a key encoded twice keeps the later value.
  var members: [(key: String, value: Pending)] = []

  init(previous: JSONMembers?) {
    self.previous = previous
  }

  func node() -> JSONNode {
    JSONNode(.object(JSONMembers(members.lazy.map { (key: $0.key, value: $0.value.node()) })))
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
  let encoder: NodeEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  private func at(_ key: any CodingKey) -> KeyChain {
    KeyChain(encoder.path, key)
  }

  private func set(_ node: JSONNode, _ key: Key) {
    builder.members.append((key.stringValue, .node(node)))
  }

  mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { set(JSONNode(.bool(value)), key) }
  mutating func encode(_ value: String, forKey key: Key) throws {
    set(JSONNode(.string(value)), key)
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    set(try NodeEncoding.number(value, at: at(key)), key)
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    set(try NodeEncoding.number(Double(value), at: at(key)), key)
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
        value, previous: builder.previous?[key.stringValue], remembering: encoder.remembering,
        recent: encoder.recent, at: at(key)),
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
    let nested = NodeEncoder(
      path: at(key), previous: builder.previous?[key.stringValue],
      remembering: encoder.remembering, recent: encoder.recent)
    builder.members.append((key.stringValue, .encoder(nested)))
    return nested
  }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
  let builder: ArrayBuilder
  let encoder: NodeEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }
  var count: Int { builder.elements.count }

  private func append(_ node: JSONNode) {
    builder.elements.append(.node(node))
  }

  private var nextKey: KeyChain {
    KeyChain(encoder.path, NodeKey(intValue: builder.elements.count))
  }

  mutating func encodeNil() throws { append(.null) }
  mutating func encode(_ value: Bool) throws { append(JSONNode(.bool(value))) }
  mutating func encode(_ value: String) throws { append(JSONNode(.string(value))) }
  mutating func encode(_ value: Double) throws {
    append(try NodeEncoding.number(value, at: nextKey))
  }
  mutating func encode(_ value: Float) throws {
    append(try NodeEncoding.number(Double(value), at: nextKey))
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
        value, previous: builder.previousOfNext, remembering: encoder.remembering,
        recent: encoder.recent, at: nextKey))
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
    let nested = NodeEncoder(
      path: nextKey, previous: builder.previousOfNext, remembering: encoder.remembering,
      recent: encoder.recent)
    builder.elements.append(.encoder(nested))
    return nested
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
    set(try NodeEncoding.number(value, at: encoder.path))
  }
  mutating func encode(_ value: Float) throws {
    set(try NodeEncoding.number(Double(value), at: encoder.path))
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
    set(
      try NodeEncoding.encodeValue(
        value, previous: encoder.previous, remembering: encoder.remembering,
        recent: encoder.recent, at: encoder.path))
  }
}

/// The recent values of each type a file's records encoded, with their nodes.
///
/// A dependency's answer is often sent on as an event: the page a call returned, then the
/// `.pageLoaded` event carrying it. Encoding the event finds the page equal to the last page
/// encoded and takes its node as it is, so the page is encoded once (and, being the same
/// node, written once: ``ValueReferences``). Answers also repeat across calls (the same
/// movies on a page asked for again, a forecast for the same day), so the last ``perType``
/// values of each type are kept, the latest compared first. A value that differs usually
/// differs in its first field, and an equal one often shares its storage (an array or a
/// string copied, not rebuilt), so each comparison is short, where hashing would read all of
/// every value.
final class RecentValues {
  /// The fewest members or elements a value's node has to be kept: smaller ones are cheaper
  /// to encode again than to compare.
  static let fewestMembers = 4
  /// How many values of one type are kept.
  static let perType = 16

  /// The last values of each type, the latest last.
  private var entries: [ObjectIdentifier: [(value: Any, node: JSONNode)]] = [:]

  /// The node of a kept value equal to `value`, if there is one.
  func node<T>(of value: T) -> JSONNode? {
    guard let kept = entries[ObjectIdentifier(T.self)], let equatable = value as? any Equatable
    else { return nil }
    for entry in kept.reversed() where equatable.isEqual(to: entry.value) {
      return entry.node
    }
    return nil
  }

  /// Keeps `value`'s node, to be found by an equal value.
  func keep<T>(_ value: T, _ node: JSONNode) {
    let type = ObjectIdentifier(T.self)
    if entries[type, default: []].count >= Self.perType {
      entries[type]?.removeFirst()
    }
    entries[type, default: []].append((value, node))
  }
}

/// Where a value is, as a chain of keys: made for free as the encoder goes down, turned into
/// a coding path only when one is asked for (an error, a type that reads it).
final class KeyChain {
  let parent: KeyChain?
  let key: any CodingKey

  init(_ parent: KeyChain?, _ key: any CodingKey) {
    self.parent = parent
    self.key = key
  }

  /// The coding path from the root to `chain`.
  static func keys(_ chain: KeyChain?) -> [any CodingKey] {
    var keys: [any CodingKey] = []
    var link = chain
    while let current = link {
      keys.append(current.key)
      link = current.parent
    }
    return keys.reversed()
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
