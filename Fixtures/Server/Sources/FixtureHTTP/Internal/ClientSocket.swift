#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One accepted connection's socket: reading with a wake-up for stops, writing in full.
struct ClientSocket {
  /// What waiting for bytes ended with.
  enum Readiness {
    /// Bytes (or the peer's close) can be read.
    case readable
    /// The server is stopping.
    case stopping
    /// Nothing arrived within the idle timeout.
    case idle
  }

  /// What waiting out a response's delay ended with.
  enum DelayEnd: Equatable {
    /// The delay passed: send the response.
    case elapsed
    /// The server is stopping: send the response at once, and close.
    case stopping
    /// The client closed its side of the connection (or reset it): nobody reads a response.
    case hungUp
  }

  /// The descriptor, owned by this connection's thread.
  let descriptor: Int32

  /// How long a write may block before the connection is given up (a client that stops
  /// reading must not hold a thread forever).
  static let sendTimeout = timeval(tv_sec: 10, tv_usec: 0)

  /// Sets the socket up for serving: close-on-exec, no Nagle delay (a response is one write,
  /// and a keep-alive client waits for it), and a send timeout.
  func configure() {
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    var enabled: Int32 = 1
    _ = setsockopt(
      descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &enabled, socklen_t(MemoryLayout<Int32>.size))
    var timeout = Self.sendTimeout
    _ = setsockopt(
      descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  /// Waits until the socket is readable, the stop pipe is notified, or `timeout` passes.
  ///
  /// - Parameters:
  ///   - stop: The server's stop notification.
  ///   - timeout: The idle limit.
  /// - Returns: What happened first.
  func waitForInput(stop: NotificationPipe, timeout: Duration) -> Readiness {
    var descriptors = [
      pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: stop.readEnd, events: Int16(POLLIN), revents: 0),
    ]
    let deadline = ContinuousClock.now + timeout
    // Bounded by the deadline: each pass either returns or waits for what remains of it.
    while true {
      let ready = poll(&descriptors, 2, Milliseconds.roundedUp(deadline - ContinuousClock.now))
      if ready < 0, errno == EINTR { continue }
      if ready <= 0 { return .idle }
      if descriptors[1].revents != 0 { return .stopping }
      return .readable
    }
  }

  /// Waits `delay` before a response, cut short by a stop or by the client hanging up.
  ///
  /// A client that gives up waiting (its own timeout) closes the connection; the server
  /// must not log the answer it then writes into the void as if it had been delivered. A
  /// zero delay only looks. When the client sends its next request during the delay
  /// (pipelining), its side is readable from then on and only a stop can cut the delay short.
  ///
  /// - Parameters:
  ///   - delay: How long to wait.
  ///   - stop: The server's stop notification.
  /// - Returns: What ended the wait.
  func wait(_ delay: Duration, stop: NotificationPipe) -> DelayEnd {
    let deadline = ContinuousClock.now + delay
    var watchesClient = true
    // Bounded by the deadline: each pass returns or waits for what remains of it; the client
    // is looked at in one pass at most once it has sent bytes.
    while true {
      var descriptors = [pollfd(fd: stop.readEnd, events: Int16(POLLIN), revents: 0)]
      if watchesClient {
        descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
      }
      let ready = poll(
        &descriptors, nfds_t(descriptors.count),
        Milliseconds.roundedUp(deadline - ContinuousClock.now))
      if ready < 0, errno == EINTR { continue }
      if ready <= 0 { return .elapsed }
      if descriptors[0].revents != 0 { return .stopping }
      if hasHungUp() { return .hungUp }
      watchesClient = false
    }
  }

  /// Whether the client closed or reset its side: a read that would not block finds the
  /// end of the stream or an error, rather than bytes (which it leaves unread) or nothing.
  private func hasHungUp() -> Bool {
    var byte: UInt8 = 0
    let count = recv(descriptor, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT))
    if count == 0 { return true }
    guard count < 0 else { return false }
    return ![EAGAIN, EWOULDBLOCK, EINTR].contains(errno)
  }

  /// Reads what is available into `buffer`.
  ///
  /// - Returns: The number of bytes read; 0 when the peer closed or the read failed.
  func receiveAvailable(into buffer: inout [UInt8]) -> Int {
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    // Bounded: EINTR means a signal arrived, and signals are few.
    for _ in 0..<100 {
      let count = recv(descriptor, &chunk, chunk.count, 0)
      if count > 0 {
        buffer += chunk[..<count]
        return count
      }
      if count < 0, errno == EINTR { continue }
      return 0
    }
    return 0
  }

  /// Writes all of `bytes`.
  ///
  /// - Returns: `false` when the peer is gone or the send timed out.
  func sendAll(_ bytes: [UInt8]) -> Bool {
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { chunk in
        send(descriptor, chunk.baseAddress, chunk.count, Int32(MSG_NOSIGNAL))
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return false }
      sent += count
    }
    return true
  }

  /// Ends the connection from this side without losing the last response: shuts down
  /// writing, then reads and discards what the client still sends, until it closes, for at
  /// most a second and 1 MiB, or until the server stops.
  ///
  /// Closing a socket with unread input makes the kernel send a reset, which can reach the
  /// client before it has read the response (a 400 for an oversized head, sent while the
  /// client is still writing it).
  ///
  /// - Parameter stop: The server's stop notification: a stopping server does not linger.
  func finishWriting(stop: NotificationPipe) {
    _ = shutdown(descriptor, Int32(SHUT_WR))
    let deadline = ContinuousClock.now + .seconds(1)
    var discarded: [UInt8] = []
    var total = 0
    // Bounded by the deadline and the byte budget.
    while total < 1024 * 1024, ContinuousClock.now < deadline {
      guard case .readable = waitForInput(stop: stop, timeout: deadline - ContinuousClock.now)
      else { return }
      discarded.removeAll(keepingCapacity: true)
      let count = receiveAvailable(into: &discarded)
      guard count > 0 else { return }
      total += count
    }
  }
}
