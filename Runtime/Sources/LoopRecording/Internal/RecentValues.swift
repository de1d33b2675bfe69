import Foundation

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
///
/// A type none of whose values was found again in its first ``trial`` lookups (a record
/// with its own time, an event with a fresh identifier) is no longer looked up or kept.
///
/// Its mutable properties are `@exclusivity(unchecked)`: one thread encodes (or decodes) a
/// tree, and no access to one overlaps another, so the runtime's check of every access,
/// about a tenth of encoding a recording, buys nothing here.
final class RecentValues {
  /// The fewest members or elements a value's node has to be kept: smaller ones are cheaper
  /// to encode again than to compare.
  static let fewestMembers = 4
  /// How many values of one type are kept.
  static let perType = 16
  /// How many lookups a type has to find a value again before it is no longer kept.
  static let trial = 32

  /// What is kept for one type.
  private class Kind {
    let type: ObjectIdentifier
    /// The type as `Equatable`, if it is: only then is a value ever found again.
    let equatable: (any Equatable.Type)?
    @exclusivity(unchecked) var lookups = 0
    @exclusivity(unchecked) var found = 0

    init(type: ObjectIdentifier, equatable: (any Equatable.Type)?) {
      self.type = type
      self.equatable = equatable
    }

    /// Whether values of this type are still looked up and kept.
    var isKept: Bool { equatable != nil && (found > 0 || lookups < RecentValues.trial) }
  }

  /// The last values of one type and their nodes, in a ring: once it is full, a new value
  /// takes the oldest one's place.
  private final class Kept<T>: Kind {
    @exclusivity(unchecked) var values: [T] = []
    @exclusivity(unchecked) var nodes: [JSONNode] = []
    /// The oldest value's place, where the next one goes once the ring is full.
    @exclusivity(unchecked) var oldest = 0
  }

  /// The types seen so far, looked through in turn: a file's records hold a few.
  @exclusivity(unchecked) private var kinds: [Kind] = []

  /// What is kept for `T`, made on first sight.
  private func kept<T>(_ type: T.Type) -> Kept<T> {
    let identifier = ObjectIdentifier(T.self)
    for kind in kinds where kind.type == identifier {
      return unsafeDowncast(kind, to: Kept<T>.self)
    }
    let kind = Kept<T>(type: identifier, equatable: T.self as? any Equatable.Type)
    kinds.append(kind)
    return kind
  }

  /// The node of a kept value equal to `value`, if there is one.
  func node<T>(of value: T) -> JSONNode? {
    let kept = kept(T.self)
    guard kept.isKept, let type = kept.equatable else { return nil }
    kept.lookups += 1
    let count = kept.values.count
    guard count > 0 else { return nil }
    let found = withUnsafePointer(to: value) { value in
      kept.values.withUnsafeBufferPointer { values -> Int? in
        guard let first = values.baseAddress else { return nil }
        // The latest first: the one before the oldest, and back from there. A kept value
        // with the same bits (the same array storage, the same strings) is compared first:
        // `==` then answers at once, and the others are not compared at all (comparing two
        // arrays that differ copies an element of each). The bits only choose the order:
        // `==` decides.
        let size = MemoryLayout<T>.size
        for pass in 0..<2 {
          let sameBits = pass == 0
          var back = 1
          while back <= count {
            let index = (kept.oldest - back + count) % count
            back += 1
            guard sameBits == (memcmp(value, first + index, size) == 0) else { continue }
            if type.areEqual(value, first + index) { return index }
          }
        }
        return nil
      }
    }
    guard let found else { return nil }
    kept.found += 1
    return kept.nodes[found]
  }

  /// Keeps `value`'s node, to be found by an equal value, while values of its type are kept.
  func keep<T>(_ value: T, _ node: JSONNode) {
    let kept = kept(T.self)
    guard kept.isKept else { return }
    if kept.values.count < Self.perType {
      kept.values.append(value)
      kept.nodes.append(node)
    } else {
      kept.values[kept.oldest] = value
      kept.nodes[kept.oldest] = node
      kept.oldest = (kept.oldest + 1) % Self.perType
    }
  }
}
