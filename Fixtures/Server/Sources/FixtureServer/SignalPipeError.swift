#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The signal pipe could not be created.
struct SignalPipeError: Error, CustomStringConvertible {
  /// The `errno` of `pipe`.
  let code: Int32

  var description: String {
    "cannot create the signal pipe: \(String(cString: strerror(code))) (errno \(code))"
  }
}
