#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes whole strings to a file descriptor with `write(2)`, unbuffered.
///
/// Swift 6 rejects `fputs(_, stderr)` and `fflush(stdout)` (C globals are not
/// concurrency-safe), and `print` to a pipe is block-buffered; one `write` per call makes
/// output visible to a pipe at once and keeps stdout and stderr in order.
enum FileDescriptorWriter {
  /// Writes all of `text` to `descriptor`, retrying short writes and `EINTR`.
  ///
  /// - Parameters:
  ///   - text: What to write, as UTF-8.
  ///   - descriptor: The file descriptor.
  /// - Returns: `nil` when everything was written, else the `errno` of the write that failed
  ///   (`EPIPE` for a closed pipe, `ENOSPC` for a full disk).
  @discardableResult
  static func write(_ text: String, to descriptor: Int32) -> Int32? {
    var text = text
    return text.withUTF8 { buffer -> Int32? in
      guard let base = buffer.baseAddress else { return nil }
      var offset = 0
      while offset < buffer.count {
        let written = systemWrite(descriptor, base + offset, buffer.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0, errno == EINTR || errno == EAGAIN {
          if errno == EAGAIN { waitUntilWritable(descriptor) }
        } else {
          return written < 0 ? errno : EIO
        }
      }
      return nil
    }
  }

  /// Writes a static string with nothing but `write(2)`: safe in a signal handler.
  ///
  /// - Parameters:
  ///   - text: What to write.
  ///   - descriptor: The file descriptor.
  static func writeStatic(_ text: StaticString, to descriptor: Int32) {
    _ = systemWrite(descriptor, text.utf8Start, text.utf8CodeUnitCount)
  }

  /// Blocks until a non-blocking descriptor can take more output.
  private static func waitUntilWritable(_ descriptor: Int32) {
    var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
    _ = poll(&entry, 1, -1)
  }

  private static func systemWrite(
    _ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int
  ) -> Int {
    #if canImport(Glibc)
      Glibc.write(descriptor, bytes, count)
    #else
      Darwin.write(descriptor, bytes, count)
    #endif
  }
}
