#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Blocking helpers for pipes and descriptors in tests.
enum FileDescriptors {
  /// A new pipe: bytes written to `write` come out of `read`.
  static func pipe() -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    precondition(Glibc.pipe(&ends) == 0, "pipe failed (errno \(errno))")
    return (ends[0], ends[1])
  }

  /// Writes every byte of `text`.
  static func write(_ text: String, to descriptor: Int32) {
    write(Array(text.utf8), to: descriptor)
  }

  /// Writes every byte of `bytes`.
  static func write(_ bytes: [UInt8], to descriptor: Int32) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress, $0.count)
      }
      precondition(written > 0 || errno == EINTR, "write failed (errno \(errno))")
      offset += max(written, 0)
    }
  }

  /// Reads exactly `count` bytes, blocking until they arrive (fewer at end of file).
  static func read(count: Int, from descriptor: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: count)
    while bytes.count < count {
      let wanted = count - bytes.count
      let got = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
      if got == 0 { break }
      if got < 0 {
        precondition(errno == EINTR, "read failed (errno \(errno))")
        continue
      }
      bytes += buffer[..<got]
    }
    return bytes
  }

  /// Reads until end of file.
  static func readAll(from descriptor: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    while true {
      let chunk = read(count: 4096, from: descriptor)
      bytes += chunk
      if chunk.count < 4096 { return bytes }
    }
  }
}
