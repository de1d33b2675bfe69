import Foundation

/// A fresh, empty folder of its own under the system's temporary directory, for one test.
///
/// Create one at the start of a test and `defer { folder.remove() }`: tests run in parallel,
/// and each gets a folder named with a new UUID.
struct TemporaryDirectory {
  /// The folder.
  let url: URL

  /// Creates the folder.
  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("trails-persistence-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The path of `name` inside the folder.
  func path(_ name: String) -> String {
    url.appendingPathComponent(name).path
  }

  /// The names of the folder's entries, sorted.
  func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }

  /// The bytes of the file `name` inside the folder.
  func bytes(_ name: String) throws -> Data {
    try Data(contentsOf: url.appendingPathComponent(name))
  }

  /// Deletes the folder and everything in it.
  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
