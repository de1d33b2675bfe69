/// An object's members, kept sorted by key in the order its text has them (as Swift sorts
/// strings), each key once.
///
/// Objects in recordings are small (a state's fields, a record's parts), are made once and
/// read in key order to be written, diffed or compared. A sorted array serves all three by
/// walking it, and finds a key by binary search, with no hashing of keys and no table to
/// allocate; a `Dictionary` hashed every key on every insert and lookup, and needed its keys
/// sorted again before each write.
struct JSONMembers: RandomAccessCollection, ExpressibleByDictionaryLiteral {
  typealias Element = (key: String, value: JSONNode)

  /// The members, sorted by key, each key once.
  private var storage: [Element]

  /// No members.
  init() {
    storage = []
  }

  /// Members from pairs in any order; of two with the same key, the later one is kept.
  init(_ pairs: some Sequence<Element>) {
    self.init(Array(pairs))
  }

  /// Members from pairs in any order; of two with the same key, the later one is kept.
  init(_ pairs: [Element]) {
    var pairs = pairs
    // Most objects come with their keys in order already (a type's coding keys declared so),
    // and keys in order are each there once.
    if pairs.indices.dropFirst().allSatisfy({ pairs[$0 - 1].key < pairs[$0].key }) {
      storage = pairs
      return
    }
    // A stable sort, so that of two members with the same key the later one is kept.
    if pairs.count <= 16 {
      // Insertion: the quickest for the few members most objects have.
      for next in 1..<pairs.count {
        var index = next
        while index > 0, pairs[index].key < pairs[index - 1].key {
          pairs.swapAt(index, index - 1)
          index -= 1
        }
      }
    } else {
      let positions = pairs.indices.sorted {
        pairs[$0].key < pairs[$1].key || (pairs[$0].key == pairs[$1].key && $0 < $1)
      }
      pairs = positions.map { pairs[$0] }
    }
    // A key twice is rare: looked for before anything is moved.
    guard pairs.indices.dropFirst().contains(where: { pairs[$0 - 1].key == pairs[$0].key }) else {
      storage = pairs
      return
    }
    var kept = 0
    for index in pairs.indices {
      if kept > 0, pairs[kept - 1].key == pairs[index].key {
        pairs[kept - 1] = pairs[index]
      } else {
        pairs[kept] = pairs[index]
        kept += 1
      }
    }
    pairs.removeLast(pairs.count - kept)
    storage = pairs
  }

  /// Members already sorted by key, each key once: a record's parts, written in order.
  init(sorted pairs: [Element]) {
    assert(pairs.indices.dropFirst().allSatisfy { pairs[$0 - 1].key < pairs[$0].key })
    storage = pairs
  }

  init(dictionaryLiteral elements: (String, JSONNode)...) {
    self.init(elements.lazy.map { (key: $0.0, value: $0.1) })
  }

  var startIndex: Int { storage.startIndex }
  var endIndex: Int { storage.endIndex }

  subscript(position: Int) -> Element { storage[position] }

  /// The members as an array, in key order: walked without an index per member.
  var array: [Element] { storage }

  /// The keys, sorted.
  var keys: [String] { storage.map(\.key) }

  /// The member `key`; setting `nil` removes it.
  subscript(key: String) -> JSONNode? {
    get {
      let (found, index) = search(key)
      return found ? storage[index].value : nil
    }
    set {
      let (found, index) = search(key)
      switch (found, newValue) {
      case (true, let value?): storage[index].value = value
      case (true, nil): storage.remove(at: index)
      case (false, let value?): storage.insert((key, value), at: index)
      case (false, nil): break
      }
    }
  }

  /// Removes the member `key`, returning its value if there was one.
  @discardableResult
  mutating func removeValue(forKey key: String) -> JSONNode? {
    let (found, index) = search(key)
    return found ? storage.remove(at: index).value : nil
  }

  /// The members with each value transformed, keys unchanged.
  func mapValues(_ transform: (JSONNode) throws -> JSONNode) rethrows -> JSONMembers {
    var result = self
    for index in result.storage.indices {
      result.storage[index].value = try transform(result.storage[index].value)
    }
    return result
  }

  /// Whether `key` is there, and its index, or the index it would be inserted at.
  private func search(_ key: String) -> (found: Bool, index: Int) {
    var low = 0
    var high = storage.count
    while low < high {
      let middle = (low + high) >> 1
      let candidate = storage[middle].key
      if candidate == key { return (true, middle) }
      if candidate < key { low = middle + 1 } else { high = middle }
    }
    return (false, low)
  }
}
