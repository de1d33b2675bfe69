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

  /// Each large value written so far, by its text: where it was written.
  private var written: [NodeText: String] = [:]
  /// The lines written so far (the header is line 1).
  private(set) var lines = 0

  /// The next line: `record` as compact JSON and a newline, large values already written
  /// replaced by references, except under the path `except` (`[]`: nowhere).
  mutating func line(_ record: JSONNode, except: [String]? = nil) -> [UInt8] {
    var bytes: [UInt8] = []
    // The emitter is done with `written` before it grows: no copy of the dictionary.
    let found = {
      var emitter = Emitter(line: lines + 1, written: written, except: except)
      var path: [String] = []
      emitter.emit(record, path: &path, into: &bytes)
      return emitter.found
    }()
    bytes.append(0x0A)
    for (text, place) in found where written[text] == nil {
      written[text] = place
    }
    lines += 1
    return bytes
  }

  /// How many bytes `value` takes with references, without writing it.
  func size(of value: JSONNode) -> Int {
    var emitter = Emitter(line: lines + 1, written: written, except: nil)
    var bytes: [UInt8] = []
    var path: [String] = []
    emitter.emit(value, path: &path, into: &bytes)
    return bytes.count
  }

  private struct Emitter {
    let line: Int
    let written: [NodeText: String]
    /// No references under this path; `[]` for none at all.
    let except: [String]?
    /// Large values of this line, to be referred to from later lines.
    var found: [(NodeText, String)] = []

    mutating func emit(_ node: JSONNode, path: inout [String], into bytes: inout [UInt8]) {
      switch node.kind {
      case .array(let elements):
        guard !isReferred(node, path: path, into: &bytes) else { return }
        bytes.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
          if index > 0 { bytes.append(UInt8(ascii: ",")) }
          path.append(String(index))
          emit(element, path: &path, into: &bytes)
          path.removeLast()
        }
        bytes.append(UInt8(ascii: "]"))
      case .object(let members):
        guard !isReferred(node, path: path, into: &bytes) else { return }
        bytes.append(UInt8(ascii: "{"))
        for (index, key) in members.keys.sorted().enumerated() {
          if index > 0 { bytes.append(UInt8(ascii: ",")) }
          JSONNode.writeString(key, to: &bytes)
          bytes.append(UInt8(ascii: ":"))
          path.append(key)
          emit(members[key].unsafelyUnwrapped, path: &path, into: &bytes)
          path.removeLast()
        }
        bytes.append(UInt8(ascii: "}"))
      default:
        node.write(to: &bytes)
      }
    }

    /// Writes a reference when an earlier line holds `node`'s text, and notes it otherwise.
    private mutating func isReferred(_ node: JSONNode, path: [String], into bytes: inout [UInt8])
      -> Bool
    {
      guard node.textCount >= ValueReferences.smallest else { return false }
      let text = NodeText(node)
      let excepted = except.map { path.starts(with: $0) } ?? false
      if !excepted, let place = written[text] {
        bytes.append(contentsOf: #"{"$ref":"#.utf8)
        JSONNode.writeString(place, to: &bytes)
        bytes.append(UInt8(ascii: "}"))
        return true
      }
      found.append((text, "\(line)" + JSONPatch.pointer(path)))
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
