import MovieCatalog

extension Search {
  /// What the search screen shows: the text as typed, what the search is doing, and what it
  /// remembers (recent results, every movie seen).
  public struct State: Hashable, Sendable, Codable {
    /// The query exactly as typed: what the line editor shows.
    public var text: String
    /// What the search is doing for ``query``.
    public var status: Status
    /// Recent pages of results, by normalized query and page, least recently used first out.
    public var cache: SearchCache
    /// Every movie seen in live results, each once, in the order first seen; offline ranking
    /// searches these and the local catalog.
    public var seen: [Movie]
    /// How many requests have been started; names each request, so a late answer to an older
    /// one is recognised and ignored.
    public var requestsStarted: Int

    /// Creates a state; the default is the launch state: nothing typed, an empty cache of 20.
    ///
    /// - Parameters:
    ///   - text: The query as typed.
    ///   - status: What the search is doing.
    ///   - cache: Recent results; its capacity bounds how many pages are kept.
    ///   - seen: Movies seen in live results.
    ///   - requestsStarted: Requests started so far.
    public init(
      text: String = "", status: Status = .idle, cache: SearchCache = SearchCache(capacity: 20),
      seen: [Movie] = [], requestsStarted: Int = 0
    ) {
      self.text = text
      self.status = status
      self.cache = cache
      self.seen = seen
      self.requestsStarted = requestsStarted
    }

    /// The normalized query: ``text`` trimmed, inner whitespace collapsed, lowercased.
    public var query: String {
      Search.normalized(text)
    }

    /// The movies to list: live results, or offline ones; empty in every other status.
    public var movies: [Movie] {
      switch status {
      case .results(let results): results.movies
      case .offline(let offline): offline.movies
      case .idle, .hint, .debouncing, .searching, .failed: []
      }
    }
  }

  /// What the search is doing.
  public enum Status: Hashable, Sendable, Codable {
    /// Nothing typed.
    case idle
    /// Something typed, but under ``Search/minimumQueryLength`` characters: ``Search/hint``.
    case hint
    /// Waiting for the user to stop typing before searching for this normalized query.
    case debouncing(String)
    /// The first page of results for a query is on its way.
    case searching(Request)
    /// Live results, possibly with another page on its way (``Results/more``).
    case results(Results)
    /// TMDB could not answer; the local catalog, ranked for the query, stands in.
    case offline(OfflineResults)
    /// TMDB refused the search (a bad key, a response that does not decode): one line for the
    /// user, who may retry.
    case failed(Request, message: String)

    /// The normalized query this status is about; `nil` while idle or showing the hint.
    public var query: String? {
      switch self {
      case .idle, .hint: nil
      case .debouncing(let query): query
      case .searching(let request), .failed(let request, _): request.query
      case .results(let results): results.query
      case .offline(let offline): offline.request.query
      }
    }

    /// The query waiting out the debounce window, if any.
    public var debouncing: String? {
      if case .debouncing(let query) = self { return query }
      return nil
    }

    /// The request in flight, if any: at most one.
    public var request: Request? {
      switch self {
      case .searching(let request): request
      case .results(let results): results.more.request
      case .idle, .hint, .debouncing, .offline, .failed: nil
      }
    }
  }

  /// One request for one page of results.
  public struct Request: Hashable, Sendable, Codable {
    /// The normalized query.
    public let query: String
    /// The page requested, from 1.
    public let page: Int
    /// Which request this is (``State/requestsStarted`` when it began).
    public let id: Int

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - query: The normalized query.
    ///   - page: The page requested.
    ///   - id: Which request this is.
    public init(query: String, page: Int, id: Int) {
      self.query = query
      self.page = page
      self.id = id
    }
  }

  /// Live results for one query, page by page.
  public struct Results: Hashable, Sendable, Codable {
    /// The normalized query they answer.
    public var query: String
    /// The movies of the pages loaded, in page order, each once.
    public var movies: [Movie]
    /// How many pages are loaded.
    public var pagesLoaded: Int
    /// The last page there is (at most 500; 0 when nothing matched).
    public var lastPage: Int
    /// How many movies match in all, by TMDB's count.
    public var totalResults: Int
    /// Whether the next page is loading or failed to load.
    public var more: More

    /// Creates results.
    ///
    /// - Parameters:
    ///   - query: The normalized query.
    ///   - movies: The movies loaded.
    ///   - pagesLoaded: Pages loaded.
    ///   - lastPage: The last page there is.
    ///   - totalResults: TMDB's count of matches.
    ///   - more: The state of the next page.
    public init(
      query: String, movies: [Movie], pagesLoaded: Int, lastPage: Int, totalResults: Int,
      more: More = .idle
    ) {
      self.query = query
      self.movies = movies
      self.pagesLoaded = pagesLoaded
      self.lastPage = lastPage
      self.totalResults = totalResults
      self.more = more
    }

    /// The results of a first page.
    ///
    /// - Parameters:
    ///   - query: The normalized query.
    ///   - page: Page 1 of its results.
    public init(query: String, first page: MoviePage) {
      self.init(
        query: query, movies: [], pagesLoaded: 0, lastPage: page.lastPage,
        totalResults: page.totalResults)
      append(page)
    }

    /// Whether a page after the last one loaded exists.
    public var hasMore: Bool {
      pagesLoaded < lastPage
    }

    /// Adds a later page: its movies, skipping any already listed, and its page count.
    ///
    /// - Parameter page: The page after the last one loaded.
    public mutating func append(_ page: MoviePage) {
      var listed = Set(movies.map(\.id))
      for movie in page.results where listed.insert(movie.id).inserted {
        movies.append(movie)
      }
      pagesLoaded = page.page
      lastPage = page.lastPage
      totalResults = page.totalResults
      more = .idle
    }
  }

  /// The state of the page after the last one loaded.
  public enum More: Hashable, Sendable, Codable {
    /// Not asked for (or there is none).
    case idle
    /// On its way.
    case loading(Request)
    /// Failed to load, with one line for the user; the results stay, and retry asks again.
    case failed(message: String)

    /// The request in flight, if any.
    public var request: Request? {
      if case .loading(let request) = self { return request }
      return nil
    }
  }

  /// The local catalog ranked for a query, shown when TMDB could not answer.
  public struct OfflineResults: Hashable, Sendable, Codable {
    /// The request that failed.
    public var request: Request
    /// The movies that match, best first (``OfflineRanking``).
    public var movies: [Movie]
    /// Why TMDB could not answer, in one line.
    public var reason: String

    /// Creates offline results.
    ///
    /// - Parameters:
    ///   - request: The request that failed.
    ///   - movies: The ranked matches.
    ///   - reason: Why TMDB could not answer.
    public init(request: Request, movies: [Movie], reason: String) {
      self.request = request
      self.movies = movies
      self.reason = reason
    }
  }

  /// Why a request failed, as the reducer needs it: ``Search/failure(for:local:)`` decides.
  public enum Failure: Hashable, Sendable, Codable {
    /// TMDB could not answer now (no network, 5xx, rate limited): rank `local` instead.
    ///
    /// - Parameters:
    ///   - reason: What happened, in one line.
    ///   - local: The local catalog, to rank with every movie seen.
    case unavailable(reason: String, local: [Movie])
    /// TMDB refused the request or its answer was unusable: show `message`, no fallback.
    case rejected(message: String)
  }

  /// What can happen to the search.
  public enum Event: Hashable, Sendable, Codable {
    /// The user edited the query; the full text as it now reads.
    case textChanged(String)
    /// The user cleared the query.
    case clear
    /// The user asks for the next page of results.
    case loadMore
    /// The user retries after a failure or offline results.
    case retry
    /// The debounce window for a query closed with no further typing.
    case debounced(String)
    /// A page of results arrived for a request.
    case loaded(Request, MoviePage)
    /// A request failed.
    case failed(Request, Failure)
  }
}
