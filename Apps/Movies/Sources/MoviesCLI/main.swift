// movies: TMDB's popular movies, page by page. An interactive pager on a terminal; with
// `--pages N`, or when input or output is not a terminal, it prints the first pages and exits.
// Exit status: 0 done, 1 a page failed to load (or no TMDB credential for --source live),
// 2 bad arguments.

import Foundation
import Terminal

await CLI.run(MoviesCommand.spec) { arguments in
  try await MoviesCommand.run(arguments, environment: ProcessInfo.processInfo.environment)
}
