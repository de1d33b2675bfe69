import AppCLI
import Loop
import MovieCatalog
import MoviesFeature
import Terminal

/// Scripted mode: asks the feature for one page after another, prints the movies, exits.
///
/// It sends `.nextPage`, waits on the store's states until that load settles (a page arrived
/// or the load failed) and repeats until `pages` pages are loaded or the feature says the
/// list is exhausted. Text lines are printed page by page as they arrive, so a pipe sees
/// them at once; JSON is printed as one ``MovieListJSON`` at the end. When a page fails: the
/// first, it throws ``CommandFailure/pageFailed(page:message:)`` having printed nothing; a
/// later one, it prints what was loaded (the JSON naming the failure in `next_page_error`),
/// says on stderr where it stopped, and throws ``ExitCode/partial``.
struct Scripted {
  /// How the movies are printed.
  enum Format {
    /// One ``MovieLine`` per movie; ANSI codes only when `useColor` is set.
    case text(useColor: Bool)
    /// One ``MovieListJSON``: the movies, and the failure that cut the list short.
    case json
  }

  /// Where pages come from.
  let catalog: MovieCatalog
  /// The recording `--record` writes, if given; the catalog records into it already.
  let recording: MoviesCommand.Recording?
  /// How many pages to load, at most.
  let pages: Int
  /// How to print them.
  let format: Format

  /// Loads and prints the pages.
  ///
  /// - Throws: ``CommandFailure/pageFailed(page:message:)`` when the first page fails,
  ///   ``ExitCode/partial`` when a later one does.
  func run() async throws {
    let store = recording.store(running: Movies(catalog: catalog), initial: Movies.State())
    defer { store.cancel() }
    var printed: [MovieJSON] = []
    var state = store.state
    while state.pagesLoaded < pages, !state.isExhausted {
      // Nothing is loading and the list is not exhausted, so the pager starts a request.
      let started = state.requestsStarted
      store.send(.nextPage)
      guard
        let settled = await store.first(where: { $0.requestsStarted > started && !$0.isLoading })
      else { break }
      state = settled
      // What is printed next is in the recording first, so a crash cannot take it from the file.
      await recording.written()
      let newMovies = state.movies.dropFirst(printed.count)
      if case .text(let useColor) = format, !newMovies.isEmpty {
        let lines = zip(printed.count..., newMovies).map { index, movie in
          MovieLine(rank: index + 1, movie: movie).text(useColor: useColor) + "\n"
        }
        StandardOutput.write(lines.joined())
      }
      printed += newMovies.map { MovieJSON($0, page: state.pagesLoaded) }
      if case .failed(let page, let message) = state.status {
        // Nothing to show is a failure (exit 1, stdout empty); pages before the one that
        // failed are a partial answer (exit 3), printed whole, the gap named on stderr and
        // in the JSON.
        let failure = CommandFailure.pageFailed(page: page, message: message)
        guard !printed.isEmpty else { throw failure }
        try printJSON(MovieListJSON(movies: printed, nextPageError: failure.userMessage))
        StandardError.writeLine("movies: stopped after page \(page - 1): \(failure.userMessage)")
        throw ExitCode.partial
      }
    }
    try printJSON(MovieListJSON(movies: printed, nextPageError: nil))
  }

  /// Prints the list when the format is JSON.
  private func printJSON(_ list: MovieListJSON) throws {
    guard case .json = format else { return }
    try JSONOutput.write(list)
  }
}
