import Foundation
import LoopRecording

/// Lays out a graph with Graphviz's `dot` (Debian's `graphviz` package), as SVG.
public enum Graphviz {
  /// Why a graph could not be laid out.
  public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, and what to do.
    public let description: String
  }

  /// The `dot` on the `PATH`, if there is one.
  static var dot: URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { URL(fileURLWithPath: String($0)) }
      .map { $0.appendingPathComponent("dot") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// `source` (the DOT language) laid out by `dot -Tsvg`: the `<svg>` element alone, with no
  /// XML prolog, ready to sit inside an HTML page.
  ///
  /// - Parameter source: The graph.
  /// - Returns: The SVG.
  /// - Throws: ``Failure`` when `dot` is not installed or rejects the graph.
  public static func svg(_ source: String) throws(Failure) -> String {
    guard let dot else {
      throw Failure(
        description: "Graphviz's dot is not on the PATH; install it (apt-get install graphviz) "
          + "or run make report, which does")
    }
    let process = Process()
    process.executableURL = dot
    process.arguments = ["-Tsvg"]
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    do {
      try process.run()
    } catch {
      throw Failure(description: "cannot run \(dot.path): \(FileErrorReason.of(error))")
    }
    // Write on a thread of its own: a large graph fills the pipe before dot answers.
    let source = Data(source.utf8)
    let handle = input.fileHandleForWriting
    let writer = Thread {
      handle.write(source)
      try? handle.close()
    }
    writer.start()
    let svg = output.fileHandleForReading.readDataToEndOfFile()
    let complaint = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(
        description: "dot failed (status \(process.terminationStatus)): "
          + String(decoding: complaint, as: UTF8.self).trimmingCharacters(
            in: .whitespacesAndNewlines))
    }
    let text = String(decoding: svg, as: UTF8.self)
    guard let start = text.range(of: "<svg") else {
      throw Failure(description: "dot wrote no <svg> element")
    }
    return String(text[start.lowerBound...])
  }
}
