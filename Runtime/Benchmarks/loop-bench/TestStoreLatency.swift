import Loop
import LoopTesting
import MovieCatalog
import MoviesFeature

/// B7: the latency of one destination-mode step, `store.send(.nextPage)` then
/// `await store.settle()`, on the movies pager with an immediate catalog.
///
/// The catalog serves five fixture pages decoded once before the clock starts, and says there
/// are ``pagesPerStore`` pages in all, so every send starts a load that finishes at once
/// (TMDB repeats movies across pages; the pager shows each once, so the state stays small).
/// One step is: the send is reduced, the feedback starts the load effect, the effect returns
/// `.pageLoaded`, that is reduced, and `settle` observes the quiet store. It is the cost a
/// Tier 2 test pays per step, with no test framework around it.
enum TestStoreLatency {
  /// Sends per store (and per run): one per page.
  static let pagesPerStore = 200

  /// A catalog that answers every page at once from pages already decoded.
  ///
  /// - Parameter totalPages: How many pages the catalog says there are.
  /// - Returns: The catalog.
  /// - Throws: When a fixture page cannot be decoded.
  static func immediateCatalog(totalPages: Int = pagesPerStore) async throws -> MovieCatalog {
    var pages: [MoviePage] = []
    for page in 1...5 {
      var loaded = try await MovieCatalog.fixtures.popular(page)
      loaded.totalPages = totalPages
      pages.append(loaded)
    }
    let fixed = pages
    return MovieCatalog(
      popular: { page in
        var served = fixed[(page - 1) % fixed.count]
        served.page = page
        return served
      },
      search: { _, _ in throw MovieCatalogError.invalidPage(1) }
    )
  }

  /// Makes a fresh test store and times ``pagesPerStore`` send-to-settled steps.
  ///
  /// - Parameter catalog: The catalog from ``immediateCatalog()``.
  /// - Returns: Nanoseconds of each step, in order.
  /// - Throws: ``BenchError`` when the store did not load every page.
  static func run(catalog: MovieCatalog) async throws -> [Double] {
    let store = TestStore(
      initial: Movies.State(), machine: Movies(catalog: catalog), exhaustivity: .off)
    let clock = ContinuousClock()
    var samples: [Double] = []
    samples.reserveCapacity(pagesPerStore)
    for _ in 0..<pagesPerStore {
      let start = clock.now
      store.send(.nextPage)
      await store.settle()
      samples.append(start.duration(to: clock.now).nanoseconds)
    }
    let loaded = store.state.pagesLoaded
    guard loaded == pagesPerStore, store.state.status == .idle else {
      throw BenchError("B7 loaded \(loaded) pages, expected \(pagesPerStore), and idle")
    }
    return samples
  }

  /// B7's baseline: the same steps on a plain `Store`, each waiting with `first(where:)` for
  /// the page it asked for.
  ///
  /// - Parameter catalog: The catalog from ``immediateCatalog()``.
  /// - Returns: Nanoseconds of each step, in order.
  /// - Throws: ``BenchError`` when the store did not load every page.
  static func runOnStore(catalog: MovieCatalog) async throws -> [Double] {
    let store = Store(initial: Movies.State(), machine: Movies(catalog: catalog))
    defer { store.cancel() }
    let clock = ContinuousClock()
    var samples: [Double] = []
    samples.reserveCapacity(pagesPerStore)
    for page in 1...pagesPerStore {
      let start = clock.now
      store.send(.nextPage)
      guard await store.first(where: { $0.pagesLoaded == page && !$0.isLoading }) != nil else {
        throw BenchError("B7's baseline stopped before page \(page)")
      }
      samples.append(start.duration(to: clock.now).nanoseconds)
    }
    return samples
  }
}
