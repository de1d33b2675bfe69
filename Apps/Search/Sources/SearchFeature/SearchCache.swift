import MovieCatalog

/// Recent pages of search results, least recently used out first: a value, kept in the state.
///
/// Keys are a normalized query and a page. Looking a page up counts as a use; inserting into a
/// full cache evicts the page used least recently, so the cache never holds more than
/// ``capacity`` pages. A capacity of 0 keeps nothing.
///
/// ```swift
/// var cache = SearchCache(capacity: 2)
/// cache.insert(page, for: .init(query: "star", page: 1))
/// let hit = cache.lookup(.init(query: "star", page: 1))  // the page, now the most recently used
/// ```
public struct SearchCache: Hashable, Sendable, Codable {
  /// What a page is cached under.
  public struct Key: Hashable, Sendable, Codable {
    /// The normalized query.
    public var query: String
    /// The page of its results.
    public var page: Int

    /// Creates a key.
    ///
    /// - Parameters:
    ///   - query: The normalized query.
    ///   - page: The page.
    public init(query: String, page: Int) {
      self.query = query
      self.page = page
    }
  }

  /// One cached page.
  public struct Entry: Hashable, Sendable, Codable {
    /// What it is cached under.
    public var key: Key
    /// The page.
    public var page: MoviePage
  }

  /// The most pages the cache holds.
  public let capacity: Int
  /// The cached pages, least recently used first.
  public private(set) var entries: [Entry] = []

  /// Creates an empty cache.
  ///
  /// - Parameter capacity: The most pages to keep; negative values count as 0.
  public init(capacity: Int) {
    self.capacity = max(capacity, 0)
  }

  /// How many pages the cache holds.
  public var count: Int {
    entries.count
  }

  /// The cached page for `key`, which becomes the most recently used; `nil` when absent.
  ///
  /// - Parameter key: The query and page.
  /// - Returns: The page, if cached.
  public mutating func lookup(_ key: Key) -> MoviePage? {
    guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
    let entry = entries.remove(at: index)
    entries.append(entry)
    return entry.page
  }

  /// Whether a page is cached for `key`, without counting as a use.
  ///
  /// - Parameter key: The query and page.
  /// - Returns: Whether the page is cached.
  public func contains(_ key: Key) -> Bool {
    entries.contains { $0.key == key }
  }

  /// Caches `page` under `key` as the most recently used, evicting the least recently used
  /// page when the cache is full.
  ///
  /// - Parameters:
  ///   - page: The page to keep.
  ///   - key: Its query and page number.
  public mutating func insert(_ page: MoviePage, for key: Key) {
    entries.removeAll { $0.key == key }
    guard capacity > 0 else { return }
    if entries.count >= capacity {
      entries.removeFirst(entries.count - capacity + 1)
    }
    entries.append(Entry(key: key, page: page))
  }
}
