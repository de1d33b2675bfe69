// movies: TMDB's popular movies, page by page. An interactive pager on a terminal; with
// `--pages N`, or when input or output is not a terminal, it prints the first pages and exits.
// The entry point only: everything else is in the MoviesCLI library, which the tests import.

import MoviesCLI

await MoviesCommand.main()
