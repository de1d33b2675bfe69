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
    try encodeValue(
      value, previous: previous, remembering: remembering, recent: recent, at: .root)
  }

  /// The tree of `value` at `place`.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - previous: The node at the same place in the previous encoding, if any.
  ///   - remembering: Whether each node keeps its value, for the next encoding to compare.
  ///   - recent: The last value of each type encoded before, if kept.
  ///   - place: Where the value is, for errors.
  /// - Returns: The tree.
  /// - Throws: `EncodingError` for a number that is not finite, or what `value` throws.
  static func encodeValue<T: Encodable>(
    _ value: T, previous: JSONNode?, remembering: Bool, recent: RecentValues? = nil,
    at place: NodePlace
  ) throws -> JSONNode {
    if let previous, let earlier = previous.value, isEqual(value, to: earlier) {
      return previous
    }
    if let recent, let node = recent.node(of: value) {
      return node
    }
    let node: JSONNode
    if T.self == Date.self, let date = value as? Date {
      node = try number(date.timeIntervalSinceReferenceDate, at: place)
    } else if T.self == Data.self, let data = value as? Data {
      node = JSONNode(.string(data.base64EncodedString()))
    } else if T.self == URL.self, let url = value as? URL {
      node = JSONNode(.string(url.absoluteString))
    } else {
      let encoder = NodeEncoder(
        place: place, previous: previous, remembering: remembering, recent: recent)
      do {
        try value.encode(to: encoder)
      } catch {
        encoder.discard()
        throw error
      }
      node = encoder.node()
    }
    if remembering {
      node.value = value
    } else {
      // A record's node is written: its count is taken now, from its members' counts taken
      // as they were made, rather than by a walk of the whole record when it is written.
      _ = node.textCount
    }
    // A value of a few members is cheaper to encode again than to look for among the kept.
    if node.count >= RecentValues.fewestMembers { recent?.keep(value, node) }
    return node
  }

  /// A number node for a `Double`, written as `JSONEncoder` writes it (`3` for 3.0).
  static func number(_ value: Double, at place: @autoclosure () -> NodePlace) throws -> JSONNode {
    guard value.isFinite else {
      throw EncodingError.invalidValue(
        value,
        .init(codingPath: place().codingPath, debugDescription: "\(value) is not a JSON number"))
    }
    if value == value.rounded(), abs(value) < 1e15 {
      return JSONNode(.number(String(Int64(value))))
    }
    return JSONNode(.number(value.description))
  }
}

extension Equatable {
  /// Whether the values at `a` and `b` are equal: two values of this type, seen as the
  /// generic `T` it is.
  ///
  /// Called on `T.self as? any Equatable.Type`, it compares two `T`s with this type's `==`
  /// where they are, without copying them or putting either in an `any Equatable` box (for a
  /// value of more than three words, a movie or a page, a heap allocation per comparison).
  static func areEqual<T>(_ a: UnsafePointer<T>, _ b: UnsafePointer<T>) -> Bool {
    precondition(T.self == Self.self, "areEqual(_:_:) called on another type")
    return UnsafeRawPointer(a).assumingMemoryBound(to: Self.self).pointee
      == UnsafeRawPointer(b).assumingMemoryBound(to: Self.self).pointee
  }
}

/// Whether `earlier` is a `T` equal to `value`, when `T` is `Equatable`.
///
/// The types are compared before `earlier` is cast: the cast, to an optional `T`, costs a
/// lookup of that optional's metadata, in code generic over `T`, and is not made for a value
/// of another type. Kept out of line so that its caller, called for every value encoded,
/// does not look that metadata up too.
@inline(never)
private func isEqual<T>(_ value: T, to earlier: Any) -> Bool {
  guard ObjectIdentifier(type(of: earlier)) == ObjectIdentifier(T.self),
    let type = T.self as? any Equatable.Type, let earlier = earlier as? T
  else { return false }
  return withUnsafePointer(to: value) { value in
    withUnsafePointer(to: earlier) { earlier in type.areEqual(value, earlier) }
  }
}

/// The `Encoder` behind ``NodeEncoding``: one value's container, and the previous node at
/// the same place.
///
/// The encoder is also where its value is (``NodePlace``): the encoder of its container and
/// its key there, so going down costs no allocation beyond the encoder itself.
///
/// Its mutable properties are `@exclusivity(unchecked)`: one thread encodes (or decodes) a
/// tree, and no access to one overlaps another, so the runtime's check of every access,
/// about a tenth of encoding a recording, buys nothing here.
final class NodeEncoder: Encoder {
  /// What the value was encoded as so far.
  enum Storage {
    case empty
    case single(JSONNode)
    case object
    case array
  }

  let place: NodePlace
  var codingPath: [any CodingKey] { place.codingPath }
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  let previous: JSONNode?
  let remembering: Bool
  let recent: RecentValues?
  @exclusivity(unchecked) var storage = Storage.empty
  /// An object's members in the order they were encoded; a key encoded twice keeps the later.
  ///
  /// A member a nested encoder is still filling holds a placeholder until ``node()``.
  @exclusivity(unchecked) fileprivate var members: [(key: String, value: JSONNode)] = []
  /// An array's elements, placeholders as for ``members``.
  @exclusivity(unchecked) fileprivate var elements: [JSONNode] = []
  /// The nested encoders still being filled, with the index of their member or element.
  @exclusivity(unchecked) fileprivate var nested: [(index: Int, encoder: NodeEncoder)] = []
  /// The previous object's members, for an object.
  @exclusivity(unchecked) fileprivate var previousMembers: JSONMembers?
  /// The previous array's elements, for an array.
  @exclusivity(unchecked) fileprivate var previousElements: [JSONNode]?

  init(place: NodePlace, previous: JSONNode?, remembering: Bool, recent: RecentValues?) {
    self.place = place
    self.previous = previous
    self.remembering = remembering
    self.recent = recent
  }

  /// The finished node.
  ///
  /// The nested encoders are let go: each refers back to this one as its place, and is
  /// referred to from here until now.
  func node() -> JSONNode {
    defer {
      nested = []
    }
    switch storage {
    case .empty: return JSONNode(.object([:]))
    case .single(let node): return node
    case .object:
      var taken: [(key: String, value: JSONNode)] = []
      swap(&taken, &members)
      for (index, encoder) in nested { taken[index].value = encoder.node() }
      return JSONNode(.object(JSONMembers(taken)))
    case .array:
      var taken: [JSONNode] = []
      swap(&taken, &elements)
      for (index, encoder) in nested { taken[index] = encoder.node() }
      return JSONNode(.array(taken))
    }
  }

  /// Lets the nested encoders go without making a node, when encoding failed.
  func discard() {
    for (_, encoder) in nested { encoder.discard() }
    nested = []
    members = []
    elements = []
  }

  /// The previous node of the element appended next, for an array.
  fileprivate var previousOfNext: JSONNode? {
    guard let previousElements, elements.count < previousElements.count else { return nil }
    return previousElements[elements.count]
  }

  /// The encoder of a member under `key`, appended to ``members``.
  fileprivate func nestedMember(_ key: any CodingKey) -> NodeEncoder {
    let encoder = NodeEncoder(
      place: NodePlace(container: self, key: key), previous: previousMembers?[key.stringValue],
      remembering: remembering, recent: recent)
    nested.append((members.count, encoder))
    members.append((key.stringValue, .null))
    return encoder
  }

  /// The encoder of the next element, appended to ``elements``.
  fileprivate func nestedElement() -> NodeEncoder {
    let encoder = NodeEncoder(
      place: NodePlace(container: self, key: NodeKey(intValue: elements.count)),
      previous: previousOfNext, remembering: remembering, recent: recent)
    nested.append((elements.count, encoder))
    elements.append(.null)
    return encoder
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .object = storage {
    } else {
      if let previous, case .object(let members) = previous.kind { previousMembers = members }
      storage = .object
      // Most objects have a few members: one allocation instead of one per doubling.
      members.reserveCapacity(4)
    }
    return KeyedEncodingContainer(KeyedContainer<Key>(encoder: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if case .array = storage {
    } else {
      if let previous, case .array(let elements) = previous.kind { previousElements = elements }
      storage = .array
    }
    return UnkeyedContainer(encoder: self)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleContainer(encoder: self)
  }
}

/// Where a value is: the encoder of its container and its key there (`nil` for the root),
/// turned into a coding path only when one is asked for (an error, a type that reads it).
struct NodePlace {
  /// The encoder of the container, `nil` at the root.
  let container: NodeEncoder?
  /// The key within that container.
  let key: (any CodingKey)?

  /// The root.
  static var root: NodePlace { NodePlace(container: nil, key: nil) }

  /// The coding path from the root to here.
  var codingPath: [any CodingKey] {
    var keys: [any CodingKey] = []
    var place = self
    while let key = place.key {
      keys.append(key)
      guard let container = place.container else { break }
      place = container.place
    }
    return keys.reversed()
  }
}

/// The node of a primitive value.
private func primitive<T: BinaryInteger & LosslessStringConvertible>(_ value: T) -> JSONNode {
  JSONNode(.number(String(value)))
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: NodeEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  private func at(_ key: any CodingKey) -> NodePlace {
    NodePlace(container: encoder, key: key)
  }

  private func set(_ node: JSONNode, _ key: Key) {
    encoder.members.append((key.stringValue, node))
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
        value, previous: encoder.previousMembers?[key.stringValue],
        remembering: encoder.remembering, recent: encoder.recent, at: at(key)),
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
    encoder.nestedMember(key)
  }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
  let encoder: NodeEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }
  var count: Int { encoder.elements.count }

  private func append(_ node: JSONNode) {
    encoder.elements.append(node)
  }

  private var nextPlace: NodePlace {
    NodePlace(container: encoder, key: NodeKey(intValue: encoder.elements.count))
  }

  mutating func encodeNil() throws { append(.null) }
  mutating func encode(_ value: Bool) throws { append(JSONNode(.bool(value))) }
  mutating func encode(_ value: String) throws { append(JSONNode(.string(value))) }
  mutating func encode(_ value: Double) throws {
    append(try NodeEncoding.number(value, at: nextPlace))
  }
  mutating func encode(_ value: Float) throws {
    append(try NodeEncoding.number(Double(value), at: nextPlace))
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
        value, previous: encoder.previousOfNext, remembering: encoder.remembering,
        recent: encoder.recent, at: nextPlace))
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
    encoder.nestedElement()
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
    set(try NodeEncoding.number(value, at: encoder.place))
  }
  mutating func encode(_ value: Float) throws {
    set(try NodeEncoding.number(Double(value), at: encoder.place))
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
        recent: encoder.recent, at: encoder.place))
  }
}

/// A coding key made by the coders themselves: an array index, or `super`.
///
/// An index's text is made only when asked for: most are never read.
struct NodeKey: CodingKey {
  /// An index or a name, in one enum so that the key fits in an existential's inline
  /// buffer: made for every element's place, it is never boxed on the heap.
  private enum Name {
    case index(Int)
    case text(String)
  }

  private let name: Name

  var stringValue: String {
    switch name {
    case .index(let index): String(index)
    case .text(let text): text
    }
  }

  var intValue: Int? {
    if case .index(let index) = name { index } else { nil }
  }

  init(stringValue: String) {
    name = .text(stringValue)
  }

  init(intValue: Int) {
    name = .index(intValue)
  }
}
