// movie-search: the debounced movie search on the command line. The entry point only:
// everything else is in the SearchCLI library, which the tests import.

import SearchCLI

await SearchCommand.main()
