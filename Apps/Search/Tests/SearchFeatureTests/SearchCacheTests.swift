import MovieCatalog
import SearchFeature
import Testing

/// The LRU cache, directly.
struct SearchCacheTests {
  func page(_ number: Int) -> MoviePage {
    MoviePage(page: number, results: [], totalPages: 9, totalResults: 0)
  }

  func key(_ query: String, _ page: Int = 1) -> SearchCache.Key {
    SearchCache.Key(query: query, page: page)
  }

  @Test func theLeastRecentlyUsedPageIsEvictedWhenTheCacheIsFull() {
    var cache = SearchCache(capacity: 2)
    cache.insert(page(1), for: key("star"))
    cache.insert(page(1), for: key("swift"))
    _ = cache.lookup(key("star"))  // star is now the most recently used
    cache.insert(page(1), for: key("sta"))
    #expect(cache.entries.map(\.key) == [key("star"), key("sta")])
    #expect(cache.count == 2)
  }

  @Test func aPageIsReplacedNotDuplicatedWhenInsertedTwice() {
    var cache = SearchCache(capacity: 3)
    cache.insert(page(1), for: key("star"))
    cache.insert(page(2), for: key("star"))
    #expect(cache.count == 1)
    #expect(cache.lookup(key("star")) == page(2))
  }

  @Test func pagesOfOneQueryAreKeptApartWhenCached() {
    var cache = SearchCache(capacity: 3)
    cache.insert(page(1), for: key("star", 1))
    cache.insert(page(2), for: key("star", 2))
    #expect(cache.lookup(key("star", 2)) == page(2))
    #expect(cache.contains(key("star", 1)))
    #expect(!cache.contains(key("star", 3)))
  }

  @Test func nothingIsKeptWhenTheCapacityIsZero() {
    var cache = SearchCache(capacity: 0)
    cache.insert(page(1), for: key("star"))
    #expect(cache.count == 0)
    #expect(SearchCache(capacity: -3).capacity == 0)
  }
}
