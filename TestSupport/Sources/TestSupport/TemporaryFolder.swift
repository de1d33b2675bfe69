import Foundation

/// A folder of its own for one test under the system's temporary directory, removed with
/// everything in it when the last reference to it goes.
///
/// Keep one in a suite's stored property (`private let folder = try TemporaryFolder("viewer")`):
/// Swift Testing makes a suite instance per test, so the folder goes when the test ends, and
/// tests running in parallel each get their own, named with a new UUID. A local one may be
/// released after its last use, before its files are done with: end its test with
/// `defer { folder.remove() }`.
public final class TemporaryFolder: Sendable {
  /// The folder.
  public let url: URL

  /// Creates the folder, `<prefix>-<UUID>`.
  ///
  /// - Parameter prefix: What the folder's name starts with: the suite's subject, so a folder
  ///   left by a killed run says where it came from.
  /// - Throws: The file system's error when the folder cannot be made.
  public init(_ prefix: String) throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// The path of `name` inside the folder.
  ///
  /// - Parameter name: A file's name.
  /// - Returns: Its path.
  public func path(_ name: String) -> String {
    url.appendingPathComponent(name).path
  }

  /// The names of the folder's entries, sorted.
  ///
  /// - Returns: The names.
  /// - Throws: The file system's error when the folder cannot be read.
  public func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }

  /// The bytes of the file `name` inside the folder.
  ///
  /// - Parameter name: A file's name.
  /// - Returns: Its bytes.
  /// - Throws: The file system's error when the file cannot be read.
  public func bytes(_ name: String) throws -> Data {
    try Data(contentsOf: url.appendingPathComponent(name))
  }

  /// Deletes the folder and everything in it now.
  public func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
