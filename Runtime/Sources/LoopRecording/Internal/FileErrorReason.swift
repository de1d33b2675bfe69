import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a file could not be read or written, in the system's words: `no such file or
/// directory`, `is a directory`, `no space left on device`.
///
/// Foundation's file errors say `The operation could not be completed.` on Linux, with or
/// without more (`(NSCocoaErrorDomain error 256.)` for a folder read as a file), so neither
/// their `localizedDescription` nor their description is a message for a person. The
/// `errno` underneath says what happened; this is the one place that finds it, for every
/// module of the package that reads or writes a file the user named (recordings, reports).
package enum FileErrorReason {
  /// The reason `error` gives, lowercased to follow a colon: `strerror` of its `errno` when
  /// it carries one, else its own description.
  ///
  /// - Parameter error: What a Foundation file call (`Data(contentsOf:)`, `write(to:)`,
  ///   `FileManager`, `Process.run()`) threw.
  /// - Returns: One line, such as `no such file or directory`.
  package static func of(_ error: any Error) -> String {
    guard let code = posixCode(of: error) else {
      let description = (error as NSError).localizedDescription
      let noise = "The operation could not be completed. "
      return description.hasPrefix(noise) ? String(description.dropFirst(noise.count)) : description
    }
    let text = String(cString: strerror(code))
    return text.prefix(1).lowercased() + text.dropFirst()
  }

  /// The POSIX error code of `error` or of the error under it, if any.
  private static func posixCode(of error: any Error) -> Int32? {
    if let posix = error as? POSIXError { return posix.code.rawValue }
    let error = error as NSError
    if error.domain == NSPOSIXErrorDomain { return Int32(truncatingIfNeeded: error.code) }
    // Foundation on Linux keeps the underlying error as a Swift value, which `as? NSError`
    // does not match.
    guard let underlying = error.userInfo[NSUnderlyingErrorKey] as? any Error else { return nil }
    return posixCode(of: underlying)
  }
}
