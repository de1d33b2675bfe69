/// The change from one JSON value to another as a JSON Patch (RFC 6902): a list of `add`,
/// `remove` and `replace` operations at JSON Pointers (RFC 6901).
///
/// A version 2 recording stores each step's state as the patch from the state before it.
/// ``diff(from:to:)`` skips shared nodes by identity, so its cost is the size of the change;
/// it describes an object member by member and an array element by element (appended
/// elements as `add` at `/-`), unless most of an array changed, when one `replace` is
/// shorter. ``apply(_:to:)`` copies only the nodes on the paths it changes.
enum JSONPatch {
  /// One operation.
  struct Operation {
    enum Kind: String {
      case add, remove, replace
    }

    var kind: Kind
    /// The JSON Pointer's reference tokens, unescaped.
    var path: [String]
    /// The value to add or put in place; `nil` for `remove`.
    var value: JSONNode?

    /// The operation as a JSON object: `{"op":..., "path":..., "value":...}`.
    var node: JSONNode {
      let op = JSONNode(.string(kind.rawValue))
      let path = JSONNode(.string(JSONPatch.pointer(path)))
      guard let value else {
        return JSONNode(counted: .object(JSONMembers(sorted: [("op", op), ("path", path)])))
      }
      return JSONNode(
        counted: .object(JSONMembers(sorted: [("op", op), ("path", path), ("value", value)])))
    }
  }

  /// Why a patch does not apply: the operation (from 1) and what is wrong.
  struct Failure: Error, CustomStringConvertible {
    let operation: Int
    let reason: String

    var description: String { "patch operation \(operation): \(reason)" }
  }

  // MARK: Pointers

  /// A JSON Pointer's text for `tokens`: `/` before each, `~` as `~0` and `/` as `~1`.
  static func pointer(_ tokens: [String]) -> String {
    var pointer = ""
    for token in tokens {
      pointer.append("/")
      if token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
        pointer.append(
          token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1"))
      } else {
        pointer.append(token)
      }
    }
    return pointer
  }

  /// The tokens of a JSON Pointer's text; `nil` when it is not a pointer.
  static func tokens(_ pointer: String) -> [String]? {
    if pointer.isEmpty { return [] }
    guard pointer.hasPrefix("/") else { return nil }
    var tokens: [String] = []
    for part in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
      var token = ""
      var iterator = part.makeIterator()
      while let character = iterator.next() {
        guard character == "~" else {
          token.append(character)
          continue
        }
        switch iterator.next() {
        case "0": token.append("~")
        case "1": token.append("/")
        default: return nil
        }
      }
      tokens.append(token)
    }
    return tokens
  }

  // MARK: Diff

  /// The operations that make `new` of `old`.
  static func diff(from old: JSONNode, to new: JSONNode) -> [Operation] {
    var operations: [Operation] = []
    var path: [String] = []
    diff(old, new, path: &path, into: &operations)
    return operations
  }

  private static func diff(
    _ old: JSONNode, _ new: JSONNode, path: inout [String], into operations: inout [Operation]
  ) {
    if old === new { return }
    switch (old.kind, new.kind) {
    case (.object(let before), .object(let after))
    where before.count == after.count
      && zip(before.array, after.array).allSatisfy({ $0.key == $1.key }):
      // The same keys (a struct's fields, most often): compared in pairs, nothing looked up.
      for ((key, earlier), (_, node)) in zip(before.array, after.array) {
        path.append(key)
        diff(earlier, node, path: &path, into: &operations)
        path.removeLast()
      }
    case (.object(let before), .object(let after)):
      for (key, _) in before where after[key] == nil {
        operations.append(Operation(kind: .remove, path: path + [key]))
      }
      for (key, node) in after {
        path.append(key)
        if let earlier = before[key] {
          diff(earlier, node, path: &path, into: &operations)
        } else {
          operations.append(Operation(kind: .add, path: path, value: node))
        }
        path.removeLast()
      }
    case (.array(let before), .array(let after)):
      var changes: [Operation] = []
      let common = min(before.count, after.count)
      for index in 0..<common {
        path.append(String(index))
        diff(before[index], after[index], path: &path, into: &changes)
        path.removeLast()
      }
      if after.count > before.count {
        for node in after[common...] {
          changes.append(Operation(kind: .add, path: path + ["-"], value: node))
        }
      } else {
        for index in (common..<before.count).reversed() {
          changes.append(Operation(kind: .remove, path: path + [String(index)]))
        }
      }
      // Element by element is longer than the whole array once most of it changed.
      if changes.count > max(2, after.count / 2) {
        operations.append(Operation(kind: .replace, path: path, value: new))
      } else {
        operations.append(contentsOf: changes)
      }
    default:
      if !old.isSameJSON(as: new) {
        operations.append(Operation(kind: .replace, path: path, value: new))
      }
    }
  }

  // MARK: Apply

  /// `root` with every operation of `patch` applied, in order (a JSON array of operations).
  static func apply(_ patch: JSONNode, to root: JSONNode) throws(Failure) -> JSONNode {
    guard case .array(let operations) = patch.kind else {
      throw Failure(operation: 0, reason: "a patch is an array of operations")
    }
    var result = root
    for (index, operation) in operations.enumerated() {
      let number = index + 1
      guard let op = operation["op"]?.string, let kind = Operation.Kind(rawValue: op) else {
        throw Failure(operation: number, reason: "`op` is not add, remove or replace")
      }
      guard let text = operation["path"]?.string, let path = tokens(text) else {
        throw Failure(operation: number, reason: "`path` is not a JSON Pointer")
      }
      let value = operation["value"]
      if kind != .remove, value == nil {
        throw Failure(operation: number, reason: "\(op) needs a `value`")
      }
      do {
        result = try apply(kind, value, at: path[...], in: result)
      } catch {
        throw Failure(
          operation: number, reason: "\(error.reason) at \(text.isEmpty ? "the root" : text)")
      }
    }
    return result
  }

  private struct Miss: Error {
    let reason: String
  }

  /// `node` with one operation applied at `path`, copying only the nodes along it.
  private static func apply(
    _ kind: Operation.Kind, _ value: JSONNode?, at path: ArraySlice<String>, in node: JSONNode
  ) throws(Miss) -> JSONNode {
    guard let token = path.first else {
      guard kind != .remove, let value else { throw Miss(reason: "cannot remove the whole value") }
      return value
    }
    let rest = path.dropFirst()
    switch node.kind {
    case .object(var members):
      if rest.isEmpty {
        switch kind {
        case .add: members[token] = value
        case .replace:
          guard members[token] != nil else { throw Miss(reason: "no member to replace") }
          members[token] = value
        case .remove:
          guard members.removeValue(forKey: token) != nil else {
            throw Miss(reason: "no member to remove")
          }
        }
      } else {
        guard let child = members[token] else { throw Miss(reason: "no such member") }
        members[token] = try apply(kind, value, at: rest, in: child)
      }
      return JSONNode(.object(members))
    case .array(var elements):
      if rest.isEmpty, token == "-", kind == .add, let value {
        elements.append(value)
        return JSONNode(.array(elements))
      }
      guard let index = Int(token), index >= 0, String(index) == token else {
        throw Miss(reason: "not an array index")
      }
      if rest.isEmpty {
        switch kind {
        case .add:
          guard index <= elements.count, let value else { throw Miss(reason: "index out of range") }
          elements.insert(value, at: index)
        case .replace:
          guard index < elements.count, let value else { throw Miss(reason: "index out of range") }
          elements[index] = value
        case .remove:
          guard index < elements.count else { throw Miss(reason: "index out of range") }
          elements.remove(at: index)
        }
      } else {
        guard index < elements.count else { throw Miss(reason: "index out of range") }
        elements[index] = try apply(kind, value, at: rest, in: elements[index])
      }
      return JSONNode(.array(elements))
    default:
      throw Miss(reason: "a path into \(node.kindName)")
    }
  }
}
