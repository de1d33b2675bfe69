import Foundation

/// Writes each large value once per file: a later copy is a reference to where it was.
///
/// A dependency's answer, the event made of it and the movies a step appends to the state
/// are often the same JSON: the page of twenty movies a call returned, the `.pageLoaded`
/// event carrying it, and the patch adding its movies. An array or object of at least
/// ``smallest`` bytes of text that an earlier line of the file already holds is written as
/// `{"$ref":"4/call/call/popular/outcome/returned/_0"}`: the line's number, then a JSON
/// Pointer (RFC 6901) into that line's record. Readers put the value back
/// (``RecordLineDecoder``). A whole state written at a keyframe holds no references, so it
/// can be read without the lines before it.
struct ValueReferences {
  /// The smallest value, in bytes of text, written once and referred to after.
  static let smallest = 128
  /// A container whose text outside its largest member or element is shorter than this
  /// many bytes, about a reference's (`{"$ref":"12/step/event/loaded/_1"}`), is not
  /// referred to as a whole: its largest member is.
  static let wrapperBytes = 40

  /// Where a value was written: its line and its JSON Pointer tokens within that line's
  /// record, turned into text only when a later line refers to it.
  struct Place {
    let line: Int
    let path: [String]

    /// The reference's text: `4/call/call/popular/outcome/returned/_0`.
    var text: String { "\(line)" + JSONPatch.pointer(path) }

    /// Appends ``text`` as a JSON string, without making it first when no token needs an
    /// escape (in the pointer or in JSON), as none does but rarely.
    func write(to bytes: inout [UInt8]) {
      let plain = path.allSatisfy { token in
        JSONNode.utf8(of: token) { token in
          JSONNode.firstEscape(token, from: 0) == token.count
            && !token.contains { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }
        }
      }
      guard plain else { return JSONNode.writeString(text, to: &bytes) }
      bytes.append(UInt8(ascii: "\""))
      bytes.append(contentsOf: String(line).utf8)
      for token in path {
        bytes.append(UInt8(ascii: "/"))
        JSONNode.utf8(of: token) { bytes.append(contentsOf: $0) }
      }
      bytes.append(UInt8(ascii: "\""))
    }
  }

  /// One line made and not yet taken: its bytes, and the large values it writes.
  struct Draft {
    /// The line, newline included.
    let bytes: [UInt8]
    /// Large values of this line, to be referred to from later lines.
    fileprivate let found: [(NodeText, Place)]
    /// The bytes written for the value at the path ``draft(_:except:measuring:)`` was asked to
    /// measure; 0 when there is none.
    let measured: Int
  }

  /// Each large value written so far, by its text: where it was written.
  private var written: [NodeText: Place] = [:]
  /// The lines written so far (the header is line 1).
  private(set) var lines = 0

  /// The next line: `record` as compact JSON and a newline, large values already written
  /// replaced by references, except under the path `except` (`[]`: nowhere).
  ///
  /// Large values under `except` are noted for later lines to refer to, unless
  /// `notingExcepted` is `false`: a keyframe's whole state holds the values earlier lines
  /// wrote (the first state, the patches), already noted there, and the few its own step
  /// changed; a later line writes those out rather than refer to them.
  mutating func line(_ record: JSONNode, except: [String]? = nil, notingExcepted: Bool = true)
    -> [UInt8]
  {
    take(draft(record, except: except, notingExcepted: notingExcepted))
  }

  /// The next line as ``line(_:except:)`` writes it, without taking it: a caller choosing
  /// between two lines takes one with ``take(_:)``.
  ///
  /// - Parameters:
  ///   - record: The record.
  ///   - except: No references under this path; `[]` for none at all.
  ///   - notingExcepted: Whether large values under `except` are noted for later lines.
  ///   - measuring: The path of a value whose bytes the draft counts (a step's patch).
  /// - Returns: The line, not yet taken.
  func draft(
    _ record: JSONNode, except: [String]? = nil, notingExcepted: Bool = true,
    measuring: [String]? = nil
  ) -> Draft {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(256)
    var emitter = Emitter(
      line: lines + 1, written: written, except: except, notingExcepted: notingExcepted,
      measure: measuring)
    var path: [String] = []
    path.reserveCapacity(8)
    emitter.emit(record, path: &path, into: &bytes)
    bytes.append(0x0A)
    return Draft(bytes: bytes, found: emitter.found, measured: emitter.measured)
  }

  /// Takes `draft`, made by ``draft(_:except:)`` since the last line taken, as the next line.
  mutating func take(_ draft: Draft) -> [UInt8] {
    // The first place a value was written is kept: one lookup each.
    written.merge(draft.found) { first, _ in first }
    lines += 1
    return draft.bytes
  }

  private struct Emitter {
    let line: Int
    let written: [NodeText: Place]
    /// No references under this path; `[]` for none at all.
    let except: [String]?
    /// Whether large values under ``except`` are noted.
    let notingExcepted: Bool
    /// The path of the value to count the bytes of, if any.
    let measure: [String]?
    /// Large values of this line, to be referred to from later lines.
    var found: [(NodeText, Place)] = []
    /// The bytes written for the value at ``measure``.
    var measured = 0

    mutating func emit(_ node: JSONNode, path: inout [String], into bytes: inout [UInt8]) {
      let start = bytes.count
      emitValue(node, path: &path, into: &bytes)
      if let measure, path.count == measure.count, path == measure {
        measured = bytes.count - start
      }
    }

    private mutating func emitValue(
      _ node: JSONNode, path: inout [String], into bytes: inout [UInt8]
    ) {
      switch node.kind {
      case .array(let elements):
        // A value too small to be referred to holds none that is large enough either.
        guard node.textCount >= ValueReferences.smallest else {
          return node.writeUncached(to: &bytes)
        }
        guard !isReferred(node, path: path, into: &bytes) else { return }
        bytes.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
          if index > 0 { bytes.append(UInt8(ascii: ",")) }
          if JSONNode.writeScalar(element.kind, to: &bytes) { continue }
          path.append(String(index))
          emit(element, path: &path, into: &bytes)
          path.removeLast()
        }
        bytes.append(UInt8(ascii: "]"))
      case .object(let members):
        guard node.textCount >= ValueReferences.smallest else {
          return node.writeUncached(to: &bytes)
        }
        guard !isReferred(node, path: path, into: &bytes) else { return }
        bytes.append(UInt8(ascii: "{"))
        for (index, (key, member)) in members.array.enumerated() {
          if index > 0 { bytes.append(UInt8(ascii: ",")) }
          JSONNode.writeString(key, to: &bytes)
          bytes.append(UInt8(ascii: ":"))
          if JSONNode.writeScalar(member.kind, to: &bytes) { continue }
          path.append(key)
          emit(member, path: &path, into: &bytes)
          path.removeLast()
        }
        bytes.append(UInt8(ascii: "}"))
      default:
        node.write(to: &bytes)
      }
    }

    /// Whether `node` is mostly one large member or element.
    ///
    /// An enum case's wrapper (`{"popular":{...}}`) or a page around its results: referring
    /// to that member instead costs about as many bytes as referring to the whole, and the
    /// whole, which holds the rest as well (a page number, an identifier), is seldom written
    /// twice. Such a node is neither looked up nor noted; its members are, in turn.
    private func isWrapper(_ node: JSONNode) -> Bool {
      var largest = 0
      switch node.kind {
      case .array(let elements):
        for element in elements { largest = max(largest, JSONNode.childTextCount(element)) }
      case .object(let members):
        for (_, member) in members.array {
          largest = max(largest, JSONNode.childTextCount(member))
        }
      default: return false
      }
      return node.textCount - largest < ValueReferences.wrapperBytes
    }

    /// Writes a reference when an earlier line holds `node`'s text, and notes it otherwise.
    ///
    /// A record and the object under its kind (`{"step":{...}}`) carry the record's time,
    /// so no later line repeats them: they are neither looked up nor noted.
    private mutating func isReferred(_ node: JSONNode, path: [String], into bytes: inout [UInt8])
      -> Bool
    {
      // The measured value (a step's patch) is made anew for its line: its parts may repeat,
      // the whole does not.
      guard path.count >= 2, path != measure, !isWrapper(node) else { return false }
      let excepted = except.map { path.starts(with: $0) } ?? false
      if excepted, !notingExcepted { return false }
      let text = NodeText(node)
      if !excepted, let place = written[text] {
        bytes.append(contentsOf: #"{"$ref":"#.utf8)
        place.write(to: &bytes)
        bytes.append(UInt8(ascii: "}"))
        return true
      }
      found.append((text, Place(line: line, path: path)))
      return false
    }
  }
}

/// A node as a dictionary key standing for its text: hashed by its digest, equal to a node
/// with the same text byte for byte (``JSONNode/isSameJSON(as:)``), so a value is looked up
/// without writing its text out.
struct NodeText: Hashable {
  let node: JSONNode

  init(_ node: JSONNode) {
    self.node = node
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(node.digest)
  }

  static func == (lhs: NodeText, rhs: NodeText) -> Bool {
    lhs.node.isSameJSON(as: rhs.node)
  }
}
