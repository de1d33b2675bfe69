#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pipe used as a level-triggered flag between threads: one side writes a byte, the other
/// `poll`s the read end.
///
/// Both ends are non-blocking and close-on-exec: `notify()` never blocks (a full pipe
/// already holds a pending notification) and child processes never inherit them.
struct NotificationPipe: Sendable {
  /// The end to `poll` for `POLLIN`.
  let readEnd: Int32
  /// The end ``notify()`` writes to.
  let writeEnd: Int32

  /// Opens a pipe.
  ///
  /// - Throws: The `errno` of `pipe`.
  static func open() throws(Errno) -> NotificationPipe {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw Errno(errno) }
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
    return NotificationPipe(readEnd: ends[0], writeEnd: ends[1])
  }

  /// Makes the read end readable.
  func notify() {
    var byte: UInt8 = 1
    _ = write(writeEnd, &byte, 1)
  }

  /// Reads every pending byte, so the read end is quiet again.
  func drain() {
    var bytes = [UInt8](repeating: 0, count: 64)
    // Bounded: a non-blocking read returns -1 (EAGAIN) once the pipe is empty, and nothing
    // refills it faster than this loop empties it.
    for _ in 0..<1_024 where read(readEnd, &bytes, bytes.count) > 0 {}
  }

  /// Whether a notification is pending, waiting for one up to `timeout`.
  ///
  /// - Parameter timeout: How long to wait; zero only looks.
  /// - Returns: `true` when the read end is readable.
  func isNotified(within timeout: Duration) -> Bool {
    var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
    let deadline = ContinuousClock.now + timeout
    // Bounded by the deadline: each pass either returns or waits for what remains of it.
    while true {
      let remaining = Milliseconds.roundedUp(deadline - ContinuousClock.now)
      let ready = poll(&descriptor, 1, remaining)
      if ready > 0 { return true }
      if ready == 0 || errno != EINTR { return false }
    }
  }

  /// Closes both ends.
  func release() {
    _ = close(readEnd)
    _ = close(writeEnd)
  }
}
