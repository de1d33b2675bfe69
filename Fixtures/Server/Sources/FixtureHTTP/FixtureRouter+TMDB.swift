import Foundation
import MovieCatalog

extension FixtureRouter {
  /// The body TMDB sends for a search with no results.
  static let emptySearchPage = Array(
    #"{"page":1,"results":[],"total_pages":0,"total_results":0}"#.utf8)

  /// TMDB's highest page: it refuses pages above 500 with code 22.
  static let maximumPage = 500

  /// A request under `/3/`: auth, then the route.
  func tmdbResponse(for request: HTTPRequest) -> HTTPResponse {
    if let token, !isAuthorized(request, token: token) {
      return fixtureError(status: 401, message: "Invalid API key: You must be granted a valid key.")
    }
    switch request.path {
    case "/3/movie/popular": return popular(request)
    case "/3/search/movie": return search(request)
    case "/3/genre/movie/list": return serve("movies/genres.json") ?? notFound()
    default: return notFound()
    }
  }

  /// Whether `request` carries `token` as a bearer token or as `api_key`.
  private func isAuthorized(_ request: HTTPRequest, token: String) -> Bool {
    if let header = request.headers["Authorization"] {
      let parts = header.split(separator: " ", maxSplits: 1)
      if parts.count == 2, parts[0].lowercased() == "bearer", parts[1].trimmingSpaces() == token {
        return true
      }
    }
    return request.queryValue("api_key") == token
  }

  private func popular(_ request: HTTPRequest) -> HTTPResponse {
    guard let page = page(of: request), let response = serve("movies/popular-\(page).json")
    else { return invalidPage() }
    return response
  }

  private func search(_ request: HTTPRequest) -> HTTPResponse {
    guard let page = page(of: request) else { return invalidPage() }
    let name = MovieCatalog.fixtureName(forQuery: request.queryValue("query") ?? "")
    if !name.isEmpty, let body = fixtures.data("movies/search/\(name).json") {
      // A search fixture holds one page; a file whose page cannot be read is served as
      // page 1, so the client meets the broken file the way it would offline.
      let filePage = (try? JSONDecoder().decode(PageNumber.self, from: Data(body)))?.page ?? 1
      return page == filePage ? .json(status: 200, body: body) : invalidPage()
    }
    return page == 1 ? .json(status: 200, body: Self.emptySearchPage) : invalidPage()
  }

  /// The `page` query item: 1 when absent, `nil` when it is not an integer in 1...500.
  private func page(of request: HTTPRequest) -> Int? {
    guard let text = request.queryValue("page") else { return 1 }
    guard let page = Int(text), (1...Self.maximumPage).contains(page) else { return nil }
    return page
  }

  /// TMDB's 400 for a page it will not serve (code 22).
  private func invalidPage() -> HTTPResponse {
    fixtureError(
      status: 400,
      message: "Invalid page: Pages start at 1 and max at 500. They are expected to be an integer.")
  }

  /// 200 with the fixture at `path`, or `nil` when there is none.
  private func serve(_ path: String) -> HTTPResponse? {
    fixtures.data(path).map { .json(status: 200, body: $0) }
  }
}
