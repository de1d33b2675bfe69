import Foundation

/// The memory figures of this process, read from `/proc/self/status` (Linux).
struct ProcessStatus {
  /// `VmRSS`: resident memory now, in bytes.
  var residentBytes: Int
  /// `VmHWM`: the highest resident memory so far, in bytes.
  var peakResidentBytes: Int

  /// Reads the current figures.
  ///
  /// - Returns: The process's resident and peak resident memory.
  /// - Throws: ``BenchError`` when the file cannot be read or lacks a field.
  static func read() throws -> ProcessStatus {
    let text = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    return ProcessStatus(
      residentBytes: try field("VmRSS", in: text),
      peakResidentBytes: try field("VmHWM", in: text)
    )
  }

  /// Parses a line such as `VmRSS:     12345 kB` and returns the value in bytes.
  private static func field(_ name: String, in text: String) throws -> Int {
    for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
      let parts = line.split(whereSeparator: \.isWhitespace)
      guard parts.count == 3, parts[2] == "kB", let kibibytes = Int(parts[1]) else { break }
      return kibibytes * 1024
    }
    throw BenchError("no \(name) in kB in /proc/self/status")
  }
}
