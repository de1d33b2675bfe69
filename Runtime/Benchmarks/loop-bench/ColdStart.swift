import Foundation

/// B9: the wall time of `movies --pages 1`, from starting the process to its exit.
///
/// The release binary beside this one (`.build/release/movies`; `make bench` builds both)
/// runs ``launches`` times after one warm-up launch, offline on the bundled fixtures
/// (`TMDB_API_KEY` removed from its environment), stdout and stderr to `/dev/null`. The time
/// covers `posix_spawn`, dynamic loading of the Swift runtime and Foundation, argument
/// parsing, decoding one fixture page, printing it and exiting. It depends on the page cache
/// and on what else the machine runs.
enum ColdStart {
  /// Measured launches.
  static let launches = 10
  /// The arguments.
  static let arguments = ["--pages", "1"]

  /// The `movies` executable in the same directory as this one.
  ///
  /// - Returns: Its URL.
  /// - Throws: ``BenchError`` when it is not there.
  static func moviesExecutable() throws -> URL {
    let own = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let movies = URL(fileURLWithPath: own).deletingLastPathComponent()
      .appendingPathComponent("movies")
    guard FileManager.default.isExecutableFile(atPath: movies.path) else {
      throw BenchError(
        "B9 needs \(movies.path): build it with `swift build -c release --product movies`")
    }
    return movies
  }

  /// Launches `movies --pages 1` once plus ``launches`` times and times each launch.
  ///
  /// - Returns: Nanoseconds per measured launch.
  /// - Throws: ``BenchError`` when a launch fails or exits with a non-zero status.
  static func run() throws -> [Double] {
    let executable = try moviesExecutable()
    var environment = ProcessInfo.processInfo.environment
    environment["TMDB_API_KEY"] = nil
    let clock = ContinuousClock()
    var samples: [Double] = []
    for launch in 0...launches {
      let process = Process()
      process.executableURL = executable
      process.arguments = arguments
      process.environment = environment
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      let start = clock.now
      try process.run()
      process.waitUntilExit()
      let elapsed = start.duration(to: clock.now).nanoseconds
      guard process.terminationReason == .exit, process.terminationStatus == 0 else {
        throw BenchError(
          "B9 movies \(arguments.joined(separator: " ")) ended with status \(process.terminationStatus)"
        )
      }
      // Launch 0 is the warm-up: it loads the binary into the page cache.
      if launch > 0 { samples.append(elapsed) }
    }
    return samples
  }
}
