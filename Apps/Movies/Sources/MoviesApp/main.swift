// movies: TMDB's popular movies, page by page. An interactive pager on a terminal; with
// `--pages N`, or when input or output is not a terminal, it prints the first pages and exits.
// The entry point only: everything else is in the MoviesCLI library, which the tests import.

import Foundation
import MoviesCLI
import Terminal

await CLI.run(MoviesCommand.spec) { arguments in
  try await MoviesCommand.run(arguments, environment: ProcessInfo.processInfo.environment)
}
