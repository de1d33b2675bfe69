import MoviesCLI
import SearchCLI
import Terminal
import TrailsCLI

/// The three apps' command lines, the very specs their executables parse with: each app's
/// CLI is a library, so no test keeps a copy that could drift.
enum AppSpecs {
  static var movies: CommandSpec { MoviesCommand.spec }
  static var search: CommandSpec { SearchCommand.spec }
  static var trails: CommandSpec { TrailsCommand.spec }
}
