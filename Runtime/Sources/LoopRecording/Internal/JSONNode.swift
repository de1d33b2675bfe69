import Foundation

/// A JSON value as a tree of immutable, shared nodes: what a version 2 recording's states,
/// patches and records are made of between Swift values and bytes.
///
/// A node never changes after it is made, so trees share every part that did not change: the
/// state after a step is the state before it with new nodes only on the paths a patch
/// touched. Each node also remembers the Swift value it was encoded from or decoded to
/// (``value``), which is what makes both directions cost what changed instead of what there
/// is: ``NodeEncoder`` reuses the previous state's node for a field whose value is equal,
/// and ``NodeDecoder`` hands back the value a shared node already decoded to.
///
/// Its mutable properties are `@exclusivity(unchecked)`: one thread encodes (or decodes) a
/// tree, and no access to one overlaps another, so the runtime's check of every access,
/// about a tenth of encoding a recording, buys nothing here.
final class JSONNode {
  /// What kind of value, with its contents.
  enum Kind {
    case null
    case bool(Bool)
    /// The number's text as JSON writes it, kept exact until a type is asked for.
    case number(String)
    case string(String)
    case array([JSONNode])
    case object(JSONMembers)
  }

  /// The value.
  let kind: Kind
  /// The Swift value this node was encoded from or decoded to, if any (a cache).
  @exclusivity(unchecked) var value: Any? = nil
  /// The compact text of an array or object, once asked for (a cache).
  @exclusivity(unchecked) private var cachedText: [UInt8]?
  /// The length of that text, once asked for (a cache).
  @exclusivity(unchecked) private(set) var knownTextCount: Int?
  /// A hash of that text's value, made of the children's, once asked for (a cache).
  @exclusivity(unchecked) private var cachedDigest: Int?

  init(_ kind: Kind) {
    self.kind = kind
  }

  /// A node whose text count is taken as it is made, from its children's: for a record's
  /// parts, which are always written, made bottom up, so that no walk of the record is needed.
  init(counted kind: Kind) {
    self.kind = kind
    _ = textCount
  }

  init(_ kind: Kind, value: Any?) {
    self.kind = kind
    self.value = value
  }

  static var null: JSONNode { JSONNode(.null) }

  /// The node's member `key`, for an object.
  subscript(key: String) -> JSONNode? {
    if case .object(let members) = kind { members[key] } else { nil }
  }

  /// How many members or elements an object or array has; 0 for any other value.
  var count: Int {
    switch kind {
    case .array(let elements): elements.count
    case .object(let members): members.count
    default: 0
    }
  }

  /// The text of a string node.
  var string: String? {
    if case .string(let text) = kind { text } else { nil }
  }

  /// A word for the kind, for error messages: "a string", "an object".
  var kindName: String {
    switch kind {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

// MARK: - Writing

extension JSONNode {
  /// The node as compact JSON text, object keys sorted, `/` not escaped.
  func serialized() -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(256)
    write(to: &bytes)
    return bytes
  }

  /// How many bytes the node's compact text has, counted from the children's counts without
  /// writing it, once asked for: a state's nodes are mostly never written.
  var textCount: Int {
    if let knownTextCount { return knownTextCount }
    let count: Int
    switch kind {
    case .array(let elements):
      var sum = 1 + max(1, elements.count)
      for element in elements { sum += Self.childTextCount(element) }
      count = sum
    case .object(let members):
      var sum = 1 + max(1, members.count)
      for (key, member) in members.array {
        sum += Self.quotedCount(key) + 1 + Self.childTextCount(member)
      }
      count = sum
    case .null, .bool, .number, .string: count = Self.scalarTextCount(kind) ?? 0
    }
    knownTextCount = count
    return count
  }

  /// The text count of a value that is not an array or object; `nil` for one that is.
  ///
  /// Worked out from the kind alone: a container's walk reads its scalar members' kinds
  /// instead of calling each member, which costs a retain and a release of it.
  static func scalarTextCount(_ kind: Kind) -> Int? {
    switch kind {
    case .null: 4
    case .bool(let flag): flag ? 4 : 5
    case .number(let text): text.utf8.count
    case .string(let text): quotedCount(text)
    case .array, .object: nil
    }
  }

  /// The text count of a child of a container, read where it is known: a stored count or a
  /// scalar's kind is read without calling the child, which costs a retain and a release.
  static func childTextCount(_ child: JSONNode) -> Int {
    child.knownTextCount ?? scalarTextCount(child.kind) ?? child.textCount
  }

  /// A hash of the node's value, made of its children's digests: a new node whose children
  /// are shared costs as many steps as it has children, not as many bytes as its text.
  ///
  /// It only stands in for the text within one process (a dictionary's hash, a quick
  /// inequality), so it is a cheap mix (FNV-1a over bytes, a multiply-xorshift to combine),
  /// not `Hasher`, whose seeding costs more than a short string's hash; nothing stores it.
  var digest: Int {
    if let cachedDigest { return cachedDigest }
    var digest: UInt64
    switch kind {
    case .null, .bool, .number, .string: digest = Self.scalarDigest(kind) ?? 0
    case .array(let elements):
      digest = Self.mix(6, UInt64(elements.count))
      for element in elements {
        let child = Self.scalarDigest(element.kind) ?? UInt64(bitPattern: Int64(element.digest))
        digest = Self.mix(digest, child)
      }
    case .object(let members):
      digest = Self.mix(8, UInt64(members.count))
      for (key, member) in members.array {
        let child = Self.scalarDigest(member.kind) ?? UInt64(bitPattern: Int64(member.digest))
        digest = Self.mix(digest, Self.mix(Self.fnv(key, seed: 7), child))
      }
    }
    let result = Int(truncatingIfNeeded: digest)
    cachedDigest = result
    return result
  }

  /// The digest of a value that is not an array or object, as ``digest`` has it (as a bit
  /// pattern); `nil` for an array or object.
  private static func scalarDigest(_ kind: Kind) -> UInt64? {
    switch kind {
    case .null: 1
    case .bool(let flag): flag ? 2 : 3
    case .number(let text): fnv(text, seed: 4)
    case .string(let text): fnv(text, seed: 5)
    case .array, .object: nil
    }
  }

  /// FNV-1a over `text`'s UTF-8 bytes, from `seed`.
  private static func fnv(_ text: String, seed: UInt64) -> UInt64 {
    utf8(of: text) { bytes in
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
      for byte in bytes {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
      }
      return hash
    }
  }

  /// Whether `a` and `b` have the same UTF-8 bytes (not Swift's `==`, under which two
  /// spellings of "é" are equal).
  private static func sameBytes(_ a: String, _ b: String) -> Bool {
    utf8(of: a) { a in
      utf8(of: b) { b in
        guard a.count == b.count else { return false }
        guard let first = a.baseAddress, let second = b.baseAddress else { return true }
        return memcmp(first, second, a.count) == 0
      }
    }
  }

  /// `body` of `text`'s UTF-8 bytes in place: a string's own storage, read without walking
  /// it index by index.
  static func utf8<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
    -> Result
  {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
    var text = text
    return text.withUTF8(body)
  }

  /// `a` and `b` mixed into one 64-bit value (a multiply and xorshifts).
  private static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
    var value = (a &* 0x9e37_79b9_7f4a_7c15) ^ b
    value ^= value >> 31
    value &*= 0xbf58_476d_1ce4_e5b9
    value ^= value >> 29
    return value
  }

  /// Whether `self` and `other` are the same JSON value, written the same byte for byte: the
  /// same node, or the same kind with the same children (strings compared by their UTF-8
  /// bytes, not as Swift compares them, where two spellings of "é" are equal).
  func isSameJSON(as other: JSONNode) -> Bool {
    if self === other { return true }
    guard digest == other.digest else { return false }
    switch (kind, other.kind) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return Self.sameBytes(a, b)
    case (.string(let a), .string(let b)): return Self.sameBytes(a, b)
    case (.array(let a), .array(let b)):
      guard a.count == b.count else { return false }
      for index in a.indices where !a[index].isSameJSON(as: b[index]) { return false }
      return true
    case (.object(let a), .object(let b)):
      guard a.count == b.count else { return false }
      for index in a.indices {
        guard Self.sameBytes(a[index].key, b[index].key),
          a[index].value.isSameJSON(as: b[index].value)
        else { return false }
      }
      return true
    default: return false
    }
  }

  /// The node's compact JSON text, kept for arrays and objects: a node shared by many
  /// states or records is written out once, and a parent's text is made of its children's.
  var text: [UInt8] {
    if let cachedText { return cachedText }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(textCount)
    writeUncached(to: &bytes)
    switch kind {
    case .array, .object: cachedText = bytes
    default: break
    }
    return bytes
  }

  /// Appends the node's compact JSON text to `bytes` without keeping it: an array or object
  /// whose text was never asked for is written member by member.
  func writeUncached(to bytes: inout [UInt8]) {
    if let cachedText { return bytes.append(contentsOf: cachedText) }
    switch kind {
    case .array(let elements):
      bytes.append(UInt8(ascii: "["))
      var first = true
      for element in elements {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        if !Self.writeScalar(element.kind, to: &bytes) { element.writeUncached(to: &bytes) }
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let members):
      bytes.append(UInt8(ascii: "{"))
      var first = true
      for (key, member) in members.array {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        Self.writeString(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        if !Self.writeScalar(member.kind, to: &bytes) { member.writeUncached(to: &bytes) }
      }
      bytes.append(UInt8(ascii: "}"))
    default:
      write(to: &bytes)
    }
  }

  /// Appends the node's compact JSON text to `bytes`.
  func write(to bytes: inout [UInt8]) {
    if !Self.writeScalar(kind, to: &bytes) { bytes.append(contentsOf: text) }
  }

  /// Appends the text of a value that is not an array or object; `false` for one that is.
  ///
  /// Nothing is written for an array or object. A container's walk writes its scalar members
  /// from their kinds instead of calling each member, which costs a retain and a release of
  /// it.
  static func writeScalar(_ kind: Kind, to bytes: inout [UInt8]) -> Bool {
    switch kind {
    case .null: bytes.append(contentsOf: "null".utf8)
    case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
    case .number(let text): utf8(of: text) { bytes.append(contentsOf: $0) }
    case .string(let text): writeString(text, to: &bytes)
    case .array, .object: return false
    }
    return true
  }

  /// How many bytes ``writeString(_:to:)`` writes for `text`, without writing them.
  static func quotedCount(_ text: String) -> Int {
    utf8(of: text) { utf8 in
      var count = 2 + utf8.count
      var index = firstEscape(utf8, from: 0)
      while index < utf8.count {
        switch utf8[index] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x0A, 0x0D, 0x09: count += 1
        default: count += 5
        }
        index = firstEscape(utf8, from: index + 1)
      }
      return count
    }
  }

  /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped.
  static func writeString(_ text: String, to bytes: inout [UInt8]) {
    utf8(of: text) { utf8 in
      bytes.append(UInt8(ascii: "\""))
      // Runs that need no escape are copied whole; most text is one run.
      var start = 0
      while true {
        let end = firstEscape(utf8, from: start)
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<end]))
        guard end < utf8.count else { break }
        let byte = utf8[end]
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
        case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
        case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
        case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
        case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
        default:
          let hex = Array("0123456789abcdef".utf8)
          bytes.append(contentsOf: #"\u00"#.utf8)
          bytes.append(hex[Int(byte >> 4)])
          bytes.append(hex[Int(byte & 0x0F)])
        }
        start = end + 1
      }
      bytes.append(UInt8(ascii: "\""))
    }
  }

  /// The index of the first byte of `utf8` from `start` on that a JSON string escapes (a
  /// quote, a backslash, a control character); `utf8.count` when there is none.
  ///
  /// Eight bytes are tested at a time, as one word: a byte below 0x20, or equal to `"` or
  /// `\`, sets the high bit of its place in the word computed below (the "has less" and
  /// "has zero byte" tests of Bit Twiddling Hacks); only a word with a hit is read byte by
  /// byte.
  static func firstEscape(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    guard let base = utf8.baseAddress else { return 0 }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    var index = start
    while index + 8 <= utf8.count {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      let control = (word &- ones &* 0x20) & ~word
      let quote = ((word ^ (ones &* 0x22)) &- ones) & ~(word ^ (ones &* 0x22))
      let backslash = ((word ^ (ones &* 0x5C)) &- ones) & ~(word ^ (ones &* 0x5C))
      if (control | quote | backslash) & highs != 0 { break }
      index += 8
    }
    while index < utf8.count {
      let byte = base[index]
      if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return index }
      index += 1
    }
    return index
  }
}

// MARK: - Reading

/// Why bytes are not one JSON value: what was found, and at which byte.
struct JSONSyntaxError: Error, CustomStringConvertible {
  /// The byte offset, from 0.
  let offset: Int
  /// What is wrong there.
  let reason: String

  var description: String { "\(reason) at byte \(offset + 1)" }
}

extension JSONNode {
  /// The deepest nesting a recording may have: deeper is refused, not a stack overflow.
  static let maximumDepth = 256

  /// Parses `bytes` as exactly one JSON value (white space around it allowed).
  static func parse(_ bytes: ArraySlice<UInt8>) throws(JSONSyntaxError) -> JSONNode {
    var parser = JSONParser(bytes: bytes)
    parser.skipWhiteSpace()
    let node = try parser.value(depth: 0)
    parser.skipWhiteSpace()
    guard parser.index == bytes.endIndex else {
      throw parser.error("text after the value")
    }
    return node
  }
}

/// A recursive-descent JSON parser (RFC 8259) over UTF-8 bytes.
private struct JSONParser {
  let bytes: ArraySlice<UInt8>
  var index: Int

  init(bytes: ArraySlice<UInt8>) {
    self.bytes = bytes
    index = bytes.startIndex
  }

  func error(_ reason: String) -> JSONSyntaxError {
    JSONSyntaxError(offset: index - bytes.startIndex, reason: reason)
  }

  mutating func skipWhiteSpace() {
    while index < bytes.endIndex {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONNode {
    guard depth < JSONNode.maximumDepth else {
      throw error("nested deeper than \(JSONNode.maximumDepth) levels")
    }
    guard index < bytes.endIndex else { throw error("cut short") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object(depth: depth)
    case UInt8(ascii: "["): return try array(depth: depth)
    case UInt8(ascii: "\""): return JSONNode(.string(try string()))
    case UInt8(ascii: "t"):
      try literal("true")
      return JSONNode(.bool(true))
    case UInt8(ascii: "f"):
      try literal("false")
      return JSONNode(.bool(false))
    case UInt8(ascii: "n"):
      try literal("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default: throw error("unexpected character")
    }
  }

  mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
    let count = word.utf8CodeUnitCount
    guard bytes.endIndex - index >= count else { throw error("cut short") }
    for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
      throw error("unexpected character")
    }
    index += count
  }

  mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONNode {
    index += 1
    var members: [JSONMembers.Element] = []
    skipWhiteSpace()
    if index < bytes.endIndex, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return JSONNode(.object(JSONMembers()))
    }
    while true {
      skipWhiteSpace()
      guard index < bytes.endIndex else { throw error("cut short") }
      guard bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key") }
      let key = try string()
      skipWhiteSpace()
      guard index < bytes.endIndex else { throw error("cut short") }
      guard bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
      index += 1
      skipWhiteSpace()
      members.append((key, try value(depth: depth + 1)))
      skipWhiteSpace()
      guard index < bytes.endIndex else { throw error("cut short") }
      switch bytes[index] {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"):
        index += 1
        return JSONNode(.object(JSONMembers(members)))
      default: throw error("expected ',' or '}'")
      }
    }
  }

  mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONNode {
    index += 1
    var elements: [JSONNode] = []
    skipWhiteSpace()
    if index < bytes.endIndex, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return JSONNode(.array(elements))
    }
    while true {
      skipWhiteSpace()
      elements.append(try value(depth: depth + 1))
      skipWhiteSpace()
      guard index < bytes.endIndex else { throw error("cut short") }
      switch bytes[index] {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"):
        index += 1
        return JSONNode(.array(elements))
      default: throw error("expected ',' or ']'")
      }
    }
  }

  mutating func number() throws(JSONSyntaxError) -> JSONNode {
    let start = index
    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.endIndex, isDigit(bytes[index]) else { throw error("expected a digit") }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      while index < bytes.endIndex, isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard index < bytes.endIndex, isDigit(bytes[index]) else { throw error("expected a digit") }
      while index < bytes.endIndex, isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.endIndex,
      bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")
    {
      index += 1
      if index < bytes.endIndex,
        bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard index < bytes.endIndex, isDigit(bytes[index]) else { throw error("expected a digit") }
      while index < bytes.endIndex, isDigit(bytes[index]) { index += 1 }
    }
    return JSONNode(.number(String(decoding: bytes[start..<index], as: UTF8.self)))
  }

  mutating func string() throws(JSONSyntaxError) -> String {
    index += 1
    let start = index
    // Fast path: no escapes.
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text = String(validating: bytes[start..<index], as: UTF8.self)
        index += 1
        guard let text else {
          throw JSONSyntaxError(
            offset: start - bytes.startIndex, reason: "a string that is not UTF-8")
        }
        return text
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      index += 1
    }
    var scalars: [UInt8] = Array(bytes[start..<index])
    while true {
      guard index < bytes.endIndex else { throw error("cut short") }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        guard let text = String(validating: scalars, as: UTF8.self) else {
          throw JSONSyntaxError(
            offset: start - bytes.startIndex, reason: "a string that is not UTF-8")
        }
        return text
      case 0..<0x20: throw error("a control character in a string")
      case UInt8(ascii: "\\"):
        index += 1
        guard index < bytes.endIndex else { throw error("cut short") }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): scalars.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): scalars.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): scalars.append(0x08)
        case UInt8(ascii: "f"): scalars.append(0x0C)
        case UInt8(ascii: "n"): scalars.append(0x0A)
        case UInt8(ascii: "r"): scalars.append(0x0D)
        case UInt8(ascii: "t"): scalars.append(0x09)
        case UInt8(ascii: "u"):
          var code = try hex4()
          if (0xD800..<0xDC00).contains(code) {
            guard bytes.endIndex - index >= 2, bytes[index] == UInt8(ascii: "\\"),
              bytes[index + 1] == UInt8(ascii: "u")
            else { throw error("a lone surrogate") }
            index += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          } else if (0xDC00..<0xE000).contains(code) {
            throw error("a lone surrogate")
          }
          guard let scalar = Unicode.Scalar(code) else { throw error("an invalid \\u escape") }
          scalars.append(contentsOf: String(Character(scalar)).utf8)
        default: throw error("an invalid escape")
        }
      default:
        scalars.append(byte)
        index += 1
      }
    }
  }

  mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
    guard bytes.endIndex - index >= 4 else { throw error("cut short") }
    var code: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error("an invalid \\u escape")
      }
      code = code << 4 | UInt32(digit)
      index += 1
    }
    return code
  }
}
