import Foundation

/// A folder of its own for one test, removed when the test ends.
final class TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "trails-cli-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// The path of `name` inside the folder.
  func path(_ name: String) -> String {
    url.appendingPathComponent(name).path
  }
}
