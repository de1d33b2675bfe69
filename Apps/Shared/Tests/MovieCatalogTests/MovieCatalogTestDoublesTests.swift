import LoopSynchronization
import MovieCatalog
import Testing

struct MovieCatalogTestDoublesTests {
  @Test func everyCallThrowsTheErrorWhenFailing() async {
    let catalog = MovieCatalog.failing(.server(status: 503, code: 9, message: "offline"))
    await #expect(throws: MovieCatalogError.server(status: 503, code: 9, message: "offline")) {
      try await catalog.popular(1)
    }
    await #expect(throws: MovieCatalogError.server(status: 503, code: 9, message: "offline")) {
      try await catalog.search("night", 1)
    }
  }

  @Test func theCallIsNamedWhenUnimplementedIsCalled() async {
    await #expect(
      throws: MovieCatalogError.http(
        status: 0, message: "MovieCatalog.unimplemented: popular(2) was called")
    ) {
      try await MovieCatalog.unimplemented.popular(2)
    }
    await #expect(
      throws: MovieCatalogError.http(
        status: 0, message: "MovieCatalog.unimplemented: search(\"night\", 1) was called")
    ) {
      try await MovieCatalog.unimplemented.search("night", 1)
    }
  }

  @Test func closuresAreCalledWhenBuiltFromClosures() async throws {
    let calls = Mutex<[String]>([])
    var catalog = MovieCatalog.unimplemented
    catalog.search = { query, page in
      calls.withLock { $0.append("search(\(query), \(page))") }
      return MoviePage(page: page, results: [], totalPages: 0, totalResults: 0)
    }
    let page = try await catalog.search("night", 1)
    #expect(page.results.isEmpty)
    #expect(calls.withLock { $0 } == ["search(night, 1)"])
    await #expect(throws: MovieCatalogError.self) { try await catalog.popular(1) }
  }
}
