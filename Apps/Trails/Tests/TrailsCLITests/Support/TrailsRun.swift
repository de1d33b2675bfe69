import Foundation

/// What one run of the built `trails` executable did.
struct TrailsRun {
  let status: Int32
  let standardOutput: String
  let standardError: String

  /// The lines written to standard error.
  var errorLines: [String] {
    standardError.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
      String.init)
  }

  /// Runs `.build/<configuration>/trails` with `arguments`, standard input empty (not a tty).
  static func run(_ arguments: [String]) throws -> TrailsRun {
    let process = Process()
    process.executableURL = try executable()
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    process.environment = environment
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Both outputs are a few lines, well under a pipe's buffer: read one, then the other.
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return TrailsRun(
      status: process.terminationStatus,
      standardOutput: String(decoding: outputData, as: UTF8.self),
      standardError: String(decoding: errorData, as: UTF8.self))
  }

  /// The built executable, next to the test bundle (`swift build --build-tests` builds it).
  private static func executable() throws -> URL {
    let beside = Bundle.main.bundleURL.appendingPathComponent("trails")
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let built = root.appendingPathComponent(".build/debug/trails")
    guard FileManager.default.isExecutableFile(atPath: built.path) else {
      throw MissingExecutable(path: built.path)
    }
    return built
  }

  /// The `trails` executable was not built.
  struct MissingExecutable: Error, CustomStringConvertible {
    let path: String
    var description: String { "no trails executable at \(path): run swift build --build-tests" }
  }
}
