import LoopContracts
import MovieCatalog
import MoviesFeature

extension Movies {
  static let examples: [Example<State, Event>] = {
    let page1 = SamplePages.page(1)
    let page4 = SamplePages.page(4)
    let first = Request(page: 1, id: 1)
    let launched = State()
    let loadingFirst = State(status: .loading(first), requestsStarted: 1)
    let browsing = State(movies: page1.results, pagesLoaded: 1, lastPage: 5, requestsStarted: 1)
    let failedSecond = State(
      movies: page1.results, pagesLoaded: 1, lastPage: 5,
      status: .failed(page: 2, message: "HTTP 500"), requestsStarted: 2)
    let throughThree = State(
      movies: (1...3).flatMap { SamplePages.page($0).results }, pagesLoaded: 3, lastPage: 5,
      status: .loading(Request(page: 4, id: 4)), requestsStarted: 4)
    // Refreshed from three pages: those movies stay on screen while page 1 loads.
    let refreshing = State(
      movies: throughThree.movies, status: .loading(Request(page: 1, id: 5)), requestsStarted: 5)
    let exhausted = State(
      movies: page1.results, pagesLoaded: 5, lastPage: 5, requestsStarted: 5)
    var hugeTotal = page1
    hugeTotal.totalPages = 900

    return [
      Example(
        "the first request loads page 1", given: launched, when: .nextPage, then: loadingFirst),
      Example(
        "a request while loading is ignored", given: loadingFirst, when: .nextPage,
        then: loadingFirst),
      Example(
        "a page arrives and is shown", given: loadingFirst, when: .pageLoaded(first, page1),
        then: browsing),
      Example(
        "an answer to an older request is ignored", given: loadingFirst,
        when: .pageLoaded(Request(page: 1, id: 0), page1), then: loadingFirst),
      Example(
        "a failure keeps the movies and offers retry",
        given: State(
          movies: page1.results, pagesLoaded: 1, lastPage: 5,
          status: .loading(Request(page: 2, id: 2)), requestsStarted: 2),
        when: .pageFailed(Request(page: 2, id: 2), message: "HTTP 500"), then: failedSecond),
      Example(
        "retry asks for the same page again", given: failedSecond, when: .retry,
        then: State(
          movies: page1.results, pagesLoaded: 1, lastPage: 5,
          status: .loading(Request(page: 2, id: 3)), requestsStarted: 3)),
      Example(
        "next page after a failure retries that page", given: failedSecond, when: .nextPage,
        then: State(
          movies: page1.results, pagesLoaded: 1, lastPage: 5,
          status: .loading(Request(page: 2, id: 3)), requestsStarted: 3)),
      Example(
        "retry with nothing failed does nothing", given: browsing, when: .retry, then: browsing),
      Example(
        "reload after a failure retries the failed page", given: failedSecond, when: .reload,
        then: State(
          movies: page1.results, pagesLoaded: 1, lastPage: 5,
          status: .loading(Request(page: 2, id: 3)), requestsStarted: 3)),
      Example(
        "reload with nothing failed starts again from page 1, keeping the list on screen",
        given: browsing, when: .reload,
        then: State(
          movies: page1.results, status: .loading(Request(page: 1, id: 2)), requestsStarted: 2)),
      Example(
        "refresh while loading starts again from page 1, keeping the list on screen",
        given: throughThree, when: .refresh,
        then: State(
          movies: throughThree.movies, status: .loading(Request(page: 1, id: 5)),
          requestsStarted: 5)),
      Example(
        "page 1 after a refresh replaces the list", given: refreshing,
        when: .pageLoaded(Request(page: 1, id: 5), page1),
        then: State(movies: page1.results, pagesLoaded: 1, lastPage: 5, requestsStarted: 5)),
      Example(
        "a refresh that fails keeps the list and offers retry", given: refreshing,
        when: .pageFailed(Request(page: 1, id: 5), message: "HTTP 503"),
        then: State(
          movies: throughThree.movies, status: .failed(page: 1, message: "HTTP 503"),
          requestsStarted: 5)),
      Example(
        "the last page stops further requests", given: exhausted, when: .nextPage, then: exhausted),
      Example(
        "a movie repeated on the next page is shown once", given: throughThree,
        when: .pageLoaded(Request(page: 4, id: 4), page4),
        // Page 4 opens with Honeycomb (id 1385219), already listed on page 3.
        then: State(
          movies: throughThree.movies + page4.results.dropFirst(), pagesLoaded: 4, lastPage: 5,
          requestsStarted: 4)),
      Example(
        "the last page is clamped at 500", given: loadingFirst, when: .pageLoaded(first, hugeTotal),
        then: State(movies: page1.results, pagesLoaded: 1, lastPage: 500, requestsStarted: 1)),
    ]
  }()
}
