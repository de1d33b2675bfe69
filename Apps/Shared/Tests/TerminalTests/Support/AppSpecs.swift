import CommandLineParsing
import MoviesCLI
import SearchCLI
import TrailsCLI

/// The three apps' command lines, the very specs their executables parse with: each app's
/// CLI is a library, so no test keeps a copy that could drift.
enum AppSpecs {
  static var movies: CommandSpec { MoviesCommand.commandLine }
  static var search: CommandSpec { SearchCommand.commandLine }
  static var trails: CommandSpec { TrailsCommand.commandLine }
}
