import Loop
import MovieCatalog

/// The movies pager: popular movies, page by page.
///
/// Loads the next page on request and ignores requests while a page is loading; shows each
/// movie once even when TMDB repeats it on the next page; stops at the last page (TMDB serves
/// at most 500); keeps what is loaded when a page fails and offers to retry that same page;
/// and a refresh cancels the load in flight, ignores its late response and starts again from
/// page 1, keeping the list on screen until page 1 replaces it (a refresh that fails loses
/// nothing).
///
/// ```swift
/// let store = Store(initial: Movies.State(), machine: Movies(catalog: .fixtures))
/// store.send(.nextPage)
/// ```
public struct Movies: Machine {
  /// Where pages come from.
  public let catalog: MovieCatalog

  /// Creates the pager.
  ///
  /// - Parameter catalog: The source of popular pages.
  public init(catalog: MovieCatalog) {
    self.catalog = catalog
  }

  /// The pager's transition function.
  public static let reducer = Reducer<State, Event> { state, event in
    switch event {
    case .nextPage:
      switch state.status {
      case .loading:
        return
      case .failed(let page, _):
        state.startLoading(page)
      case .idle:
        guard !state.isExhausted else { return }
        state.startLoading(state.pagesLoaded + 1)
      }
    case .retry:
      guard case .failed(let page, _) = state.status else { return }
      state.startLoading(page)
    case .reload:
      if case .failed(let page, _) = state.status {
        state.startLoading(page)
      } else {
        state.restart()
      }
    case .refresh:
      state.restart()
    case .pageLoaded(let request, let page):
      guard state.status.request == request else { return }
      // Page 1 starts the list afresh: after a refresh it replaces the movies kept on screen.
      if request.page == 1 { state.movies = [] }
      // A page holds twenty movies: looking each up in the list costs less than hashing every
      // id the list holds, as a set of them did on every page.
      for movie in page.results where !state.movies.contains(where: { $0.id == movie.id }) {
        state.movies.append(movie)
      }
      state.pagesLoaded = request.page
      state.lastPage = page.lastPage
      state.status = .idle
    case .pageFailed(let request, let message):
      guard state.status.request == request else { return }
      state.status = .failed(page: request.page, message: message)
    }
  }

  /// One feedback: load the page a request names, whenever the request changes.
  public var feedbacks: [Feedback<State, Event>] {
    [
      .onChange(
        of: \.status.request, name: "loadPage",
        effect: { [catalog] request in .pageLoaded(request, try await catalog.popular(request.page))
        },
        // Every error is a failure the user reads and can retry; cancellation never gets here.
        onError: { request, error in
          let message = (error as? MovieCatalogError)?.userMessage ?? "\(error)"
          return .pageFailed(request, message: message)
        })
    ]
  }
}
