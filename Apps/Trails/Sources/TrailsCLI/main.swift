// trails: explore trails, plan a trip by day, keep the plan in SQLite, see the weather.
// A composition root and a renderer: every decision lives in TrailsFeature.

import Terminal

await CLI.run(TrailsCommand.spec) { arguments in
  try await TrailsCommand.run(arguments)
}
