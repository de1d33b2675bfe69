/// A failed system call's `errno`.
struct Errno: Error, Hashable {
  /// The value of `errno` right after the call.
  let code: Int32

  init(_ code: Int32) {
    self.code = code
  }
}
