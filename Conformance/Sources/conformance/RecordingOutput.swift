import AppCLI
import Foundation
import LoopRecording

/// Where `view` and `export-test` write: a file that must not exist yet unless `--force`.
struct RecordingOutput {
  /// The file.
  let path: String
  /// Whether an existing file may be replaced.
  let force: Bool

  /// Refuses an existing file without `--force`, before any work.
  ///
  /// - Throws: ``ConformanceError/outputExists(_:)``.
  func checkFree() throws {
    if !force, FileManager.default.fileExists(atPath: path) {
      throw ConformanceError.outputExists(path)
    }
  }

  /// Writes `text` to the file, replacing it atomically.
  ///
  /// - Parameter text: The file's text.
  /// - Throws: ``ConformanceError/cannotWriteFile(_:_:)`` when it cannot be written.
  func write(_ text: String) throws {
    try checkFree()
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw ConformanceError.cannotWriteFile(path, FileErrorReason.of(error))
    }
  }
}
