import Fixtures

/// Where ``FixtureRouter`` reads fixture files: the bundled set, or files given in memory.
///
/// Paths are relative to the fixtures' `Resources/`, as ``Fixtures/Fixtures/data(_:)`` takes
/// them: `movies/popular-1.json`, `weather/forecast-44.62_-124.06.json`.
///
/// ```swift
/// let router = FixtureRouter(fixtures: .bundled)
/// let stub = FixtureSource(files: ["movies/search/dune.json": Array(#"{"page":1,...}"#.utf8)])
/// ```
public struct FixtureSource: Sendable {
  private let load: @Sendable (String) -> [UInt8]?

  /// A source that asks `load` for each path.
  ///
  /// - Parameter load: Returns the file's bytes, or `nil` when there is no such fixture.
  public init(_ load: @escaping @Sendable (String) -> [UInt8]?) {
    self.load = load
  }

  /// A source holding exactly `files`, by path.
  ///
  /// - Parameter files: The bytes of each fixture, keyed by path.
  public init(files: [String: [UInt8]]) {
    self.init { files[$0] }
  }

  /// The bytes of the fixture at `path`, or `nil` when there is none.
  ///
  /// - Parameter path: A path such as `movies/genres.json`.
  /// - Returns: The file's bytes.
  public func data(_ path: String) -> [UInt8]? {
    load(path)
  }

  /// Every bundled fixture under `movies/` and `weather/`, read once into memory the first
  /// time it is used.
  ///
  /// Holding them in memory keeps disk reads out of the request path (a load test asks for
  /// the same few files thousands of times). The bundle does not change while a binary runs.
  public static let bundled: FixtureSource = {
    var files: [String: [UInt8]] = [:]
    var folders = ["movies", "weather"]
    // Bounded: each pass takes one folder, and the resource tree is finite and acyclic.
    while let folder = folders.popLast() {
      for path in Fixtures.paths(in: folder) {
        if !Fixtures.paths(in: path).isEmpty {
          folders.append(path)
        } else if let bytes = try? Fixtures.data(path) {
          files[path] = Array(bytes)
        }
      }
    }
    return FixtureSource(files: files)
  }()
}
