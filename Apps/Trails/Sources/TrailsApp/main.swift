// trails: explore trails, plan a trip by day, keep the plan in SQLite, see the weather.
// The entry point only: everything else is in the TrailsCLI library, which the tests import.

import TrailsCLI

await TrailsCommand.main()
