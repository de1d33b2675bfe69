import Foundation

/// Paths in the repository, from this file's place in it.
enum Repository {
  /// The repository's root.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  /// The committed movie-search recording the replay, view and export tests read.
  static let starWarsTwice = root.appendingPathComponent(
    "Fixtures/recordings/movie-search/star-wars-twice.json"
  ).path
}
