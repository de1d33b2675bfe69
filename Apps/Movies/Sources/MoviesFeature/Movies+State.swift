import MovieCatalog

extension Movies {
  /// What the pager shows: the movies loaded so far and what it is doing.
  public struct State: Hashable, Sendable, Codable {
    /// The movies loaded, in page order, each once.
    public var movies: [Movie]
    /// How many pages have been loaded.
    public var pagesLoaded: Int
    /// The last page there is (at most 500), known once a page has loaded.
    public var lastPage: Int?
    /// Idle, loading a page, or failed to load one.
    public var status: Status
    /// How many loads have been started; names each request, so a late answer to an older one
    /// is recognised and ignored.
    public var requestsStarted: Int

    /// Creates a state; the default is the launch state, before any page.
    ///
    /// - Parameters:
    ///   - movies: The movies loaded.
    ///   - pagesLoaded: Pages loaded.
    ///   - lastPage: The last page, once known.
    ///   - status: What the pager is doing.
    ///   - requestsStarted: Loads started so far.
    public init(
      movies: [Movie] = [], pagesLoaded: Int = 0, lastPage: Int? = nil, status: Status = .idle,
      requestsStarted: Int = 0
    ) {
      self.movies = movies
      self.pagesLoaded = pagesLoaded
      self.lastPage = lastPage
      self.status = status
      self.requestsStarted = requestsStarted
    }

    /// Whether the last page has been loaded.
    public var isExhausted: Bool {
      lastPage.map { pagesLoaded >= $0 } ?? false
    }

    /// Whether a page is loading: the spinner.
    public var isLoading: Bool {
      status.request != nil
    }

    /// Loads page 1 again, keeping the movies on screen until it replaces them: a refresh
    /// that fails leaves the list as it was.
    mutating func restart() {
      pagesLoaded = 0
      lastPage = nil
      startLoading(1)
    }

    mutating func startLoading(_ page: Int) {
      requestsStarted += 1
      status = .loading(Request(page: page, id: requestsStarted))
    }
  }

  /// What the pager is doing.
  public enum Status: Hashable, Sendable, Codable {
    /// Waiting for the user.
    case idle
    /// Loading a page.
    case loading(Request)
    /// A page failed to load; the user may retry it.
    case failed(page: Int, message: String)

    /// The request in flight, if any.
    public var request: Request? {
      if case .loading(let request) = self { return request }
      return nil
    }
  }

  /// One load of one page.
  public struct Request: Hashable, Sendable, Codable {
    /// The page requested.
    public let page: Int
    /// Which load this is (``State/requestsStarted`` when it began).
    public let id: Int

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - page: The page requested.
    ///   - id: Which load this is.
    public init(page: Int, id: Int) {
      self.page = page
      self.id = id
    }
  }

  /// What can happen to the pager.
  public enum Event: Hashable, Sendable, Codable {
    /// The user asks for the next page.
    case nextPage
    /// The user retries the page that failed.
    case retry
    /// The user starts again from page 1.
    case refresh
    /// The user's one "reload" key: retry the page that failed, or else refresh.
    case reload
    /// A page arrived for a request.
    case pageLoaded(Request, MoviePage)
    /// A request failed, with one line for the user.
    case pageFailed(Request, message: String)
  }
}
