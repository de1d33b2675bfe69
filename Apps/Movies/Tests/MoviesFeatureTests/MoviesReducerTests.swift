import MovieCatalog
import MoviesFeature
import Testing

@testable import MoviesContract

/// Tier 1: the pager's rows on the pure reducer, the ones a user would notice first.
struct MoviesReducerTests {
  private let page1 = SamplePages.page(1)

  @Test func aRequestStartsLoadingTheNextPage() {
    var state = Movies.State()
    Movies.reducer(&state, .nextPage)
    #expect(state.status == .loading(Movies.Request(page: 1, id: 1)))
  }

  @Test func aRequestIsIgnoredWhileLoading() {
    var state = Movies.State(status: .loading(Movies.Request(page: 1, id: 1)), requestsStarted: 1)
    let before = state
    Movies.reducer(&state, .nextPage)
    #expect(state == before)
  }

  @Test func aLateAnswerToARefreshedRequestIsIgnored() {
    var state = Movies.State()
    Movies.reducer(&state, .nextPage)
    Movies.reducer(&state, .refresh)
    Movies.reducer(&state, .pageLoaded(Movies.Request(page: 1, id: 1), page1))
    #expect(state.movies.isEmpty)
    #expect(state.status == .loading(Movies.Request(page: 1, id: 2)))
  }

  @Test func aRefreshKeepsTheListUntilPageOneReplacesItAndAFailedOneLosesNothing() {
    let page2 = SamplePages.page(2)
    var state = Movies.State(
      movies: page1.results + page2.results, pagesLoaded: 2, lastPage: 5, requestsStarted: 2)
    Movies.reducer(&state, .refresh)
    #expect(state.movies == page1.results + page2.results)
    #expect(state.status == .loading(Movies.Request(page: 1, id: 3)))

    Movies.reducer(&state, .pageFailed(Movies.Request(page: 1, id: 3), message: "HTTP 503"))
    #expect(state.movies == page1.results + page2.results)
    #expect(state.status == .failed(page: 1, message: "HTTP 503"))

    Movies.reducer(&state, .reload)
    Movies.reducer(&state, .pageLoaded(Movies.Request(page: 1, id: 4), page1))
    // Replaced, not appended: page 1's movies once, and page 2 to be loaded again.
    #expect(state.movies == page1.results)
    #expect(state.pagesLoaded == 1)
  }

  @Test func aFailureKeepsTheMoviesAndRetryAsksForTheSamePage() {
    var state = Movies.State(
      movies: page1.results, pagesLoaded: 1, lastPage: 5,
      status: .loading(Movies.Request(page: 2, id: 2)), requestsStarted: 2)
    Movies.reducer(&state, .pageFailed(Movies.Request(page: 2, id: 2), message: "HTTP 500"))
    #expect(state.movies == page1.results)
    Movies.reducer(&state, .retry)
    #expect(state.status == .loading(Movies.Request(page: 2, id: 3)))
  }

  @Test func theLastPageIsClampedAt500() {
    var state = Movies.State(status: .loading(Movies.Request(page: 1, id: 1)), requestsStarted: 1)
    var huge = page1
    huge.totalPages = 40_000
    Movies.reducer(&state, .pageLoaded(Movies.Request(page: 1, id: 1), huge))
    #expect(state.lastPage == 500)
  }
}
