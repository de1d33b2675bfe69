import Foundation

/// The one set of sample data every test, contract, offline run and the fixture server uses.
///
/// Files live under `Resources/` in this target, grouped by what they stand for:
/// `movies/` (TMDB-shaped pages, searches, genres, errors), `trails/` (regions and trails),
/// `weather/` (Open-Meteo-shaped forecasts), `broken/` (payloads that must fail to decode).
/// They ship as a resource bundle, so the loaders work from any working directory and from a
/// built binary.
///
/// ```swift
/// let data = try Fixtures.data("movies/popular-1.json")
/// let page = try Fixtures.decode(MoviePage.self, from: "movies/popular-1.json")
/// ```
public enum Fixtures {
  /// The raw bytes of the fixture at `path`, relative to `Resources/`.
  ///
  /// - Parameter path: A path such as `"movies/popular-1.json"`.
  /// - Returns: The file's contents.
  /// - Throws: ``FixtureError/missing(_:)`` naming the file when there is none at `path`.
  public static func data(_ path: String) throws(FixtureError) -> Data {
    guard let url = url(path) else { throw .missing(path) }
    do {
      return try Data(contentsOf: url)
    } catch {
      throw .unreadable(path, "\(error)")
    }
  }

  /// Decodes the JSON fixture at `path` as `type`.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - path: A path such as `"movies/popular-1.json"`.
  ///   - decoder: The decoder to use; a plain `JSONDecoder` by default.
  /// - Returns: The decoded value.
  /// - Throws: ``FixtureError`` naming the file when it is missing or does not decode.
  public static func decode<Value: Decodable>(
    _ type: Value.Type, from path: String, decoder: JSONDecoder = JSONDecoder()
  ) throws(FixtureError) -> Value {
    let bytes = try data(path)
    do {
      return try decoder.decode(type, from: bytes)
    } catch {
      throw .undecodable(path, "\(error)")
    }
  }

  /// The paths of every fixture under `directory`, sorted, relative to `Resources/`.
  ///
  /// - Parameter directory: A folder such as `"movies"`.
  /// - Returns: Paths such as `"movies/popular-1.json"`; empty when the folder does not exist.
  public static func paths(in directory: String) -> [String] {
    let folder = root.appendingPathComponent(directory)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.sorted().map { "\(directory)/\($0)" }
  }

  /// The folder the fixtures were copied to: `Resources/` inside this target's bundle.
  ///
  /// The bundle's own `resourceURL` differs between platforms for a bundle holding a
  /// `Resources` folder, so the path is built from `bundleURL`.
  private static var root: URL {
    Bundle.module.bundleURL.appendingPathComponent("Resources")
  }

  /// The URL of the fixture at `path`, or `nil` when there is none.
  ///
  /// - Parameter path: A path such as `"movies/popular-1.json"`.
  /// - Returns: The file's URL inside the resource bundle.
  public static func url(_ path: String) -> URL? {
    let url = root.appendingPathComponent(path)
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }
}

/// Why a fixture could not be loaded; each case names the file.
public enum FixtureError: Error, Equatable, CustomStringConvertible {
  /// No fixture exists at the path.
  case missing(String)
  /// The file exists but could not be read.
  case unreadable(String, String)
  /// The file is not valid JSON for the requested type.
  case undecodable(String, String)

  /// One line naming the file and the problem.
  public var description: String {
    switch self {
    case .missing(let path):
      "fixture not found: \(path) (looked in Fixtures/Sources/Fixtures/Resources)"
    case .unreadable(let path, let reason): "fixture \(path) could not be read: \(reason)"
    case .undecodable(let path, let reason): "fixture \(path) does not decode: \(reason)"
    }
  }
}
