import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads keys from a file descriptor: one at a time with ``next()``, or as an `AsyncStream`
/// with ``keys(from:)``.
///
/// It `poll`s and `read`s the descriptor and decodes each chunk with a ``KeyDecoder``, so
/// the chunk boundaries (what the terminal sent together) decide a lone Escape. Input ends at
/// end of file (or `EIO`, which is how a terminal that went away reports it); an unfinished
/// sequence is then flushed as ``Key/unknown(_:)``. Put the terminal in ``RawMode`` first,
/// or keys arrive only after Enter, echoed.
///
/// ```swift
/// for await key in KeyReader.keys() {
///   store.send(.key(key))
/// }
/// ```
///
/// The reader does not own the descriptor and never closes it.
public struct KeyReader: Sendable {
  /// Where ``next()`` read a chunk from: bytes, the end of input, or a wake-up to stop.
  private enum Chunk {
    case bytes([UInt8])
    case endOfInput
    case stopped
  }

  /// The descriptor keys are read from.
  public let descriptor: Int32
  private var decoder = KeyDecoder()
  private var pending: [Key] = []
  private var reachedEnd = false

  /// Creates a reader of `descriptor`.
  ///
  /// Use one reader per descriptor: it keeps unfinished sequences between reads.
  ///
  /// - Parameter descriptor: The input; standard input by default.
  public init(descriptor: Int32 = STDIN_FILENO) {
    self.descriptor = descriptor
  }

  /// The next key, blocking the calling thread until one arrives.
  ///
  /// Call it from a thread of its own, not from a Swift concurrency task (it would hold one
  /// of the few cooperative threads); ``keys(from:)`` does that for you.
  ///
  /// - Returns: The key, or `nil` at end of input.
  /// - Throws: ``TerminalError/systemCall(_:errno:)`` when `poll` or `read` fails.
  public mutating func next() throws(TerminalError) -> Key? {
    try next(stoppingOn: nil)
  }

  /// Keys read from `descriptor` on a thread of their own, until end of input.
  ///
  /// The stream finishes at end of input or on a read error. Stopping the iteration (leaving
  /// the loop, cancelling its task) stops the reading thread too, without waiting for input.
  ///
  /// - Parameter descriptor: The input; standard input by default.
  /// - Returns: The keys, in order.
  public static func keys(from descriptor: Int32 = STDIN_FILENO) -> AsyncStream<Key> {
    AsyncStream { continuation in
      // A pipe whose read end the thread also polls: writing to (or closing) the other end
      // wakes it when the consumer stops, so nothing waits for a key that never comes.
      var wake: [Int32] = [-1, -1]
      let hasWake = pipe(&wake) == 0
      if hasWake {
        // Not inherited by processes the app starts (Glibc does not export `pipe2`).
        _ = fcntl(wake[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(wake[1], F_SETFD, FD_CLOEXEC)
      }
      let (wakeRead, wakeWrite) = hasWake ? (wake[0], wake[1]) : (-1, -1)
      continuation.onTermination = { _ in
        guard wakeWrite >= 0 else { return }
        FileDescriptorWriter.writeStatic("x", to: wakeWrite)
        close(wakeWrite)
      }
      let thread = Thread {
        var reader = KeyReader(descriptor: descriptor)
        while let key = try? reader.next(stoppingOn: wakeRead >= 0 ? wakeRead : nil) {
          continuation.yield(key)
        }
        // Finishing runs onTermination (once, here or on the consumer's side) while the
        // read end is still open, so its write never meets a closed pipe.
        continuation.finish()
        if wakeRead >= 0 { close(wakeRead) }
      }
      thread.name = "KeyReader(\(descriptor))"
      thread.start()
    }
  }

  private mutating func next(stoppingOn wake: Int32?) throws(TerminalError) -> Key? {
    while pending.isEmpty {
      guard !reachedEnd else { return nil }
      switch try readChunk(stoppingOn: wake) {
      case .bytes(let bytes):
        pending = decoder.feed(bytes)
      case .endOfInput:
        reachedEnd = true
        pending = decoder.finish()
      case .stopped:
        return nil
      }
    }
    return pending.removeFirst()
  }

  private func readChunk(stoppingOn wake: Int32?) throws(TerminalError) -> Chunk {
    // `poll` skips negative descriptors instead of failing: it would wait forever.
    guard descriptor >= 0 else { throw .systemCall("poll", errno: EBADF) }
    var entries = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
    if let wake { entries.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0)) }
    var buffer = [UInt8](repeating: 0, count: 1024)
    while true {
      let ready = poll(&entries, nfds_t(entries.count), -1)
      if ready < 0 {
        if errno == EINTR { continue }
        throw .systemCall("poll", errno: errno)
      }
      if entries.count > 1, entries[1].revents != 0 { return .stopped }
      guard entries[0].revents != 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 { return .bytes(Array(buffer[..<count])) }
      if count == 0 { return .endOfInput }
      switch errno {
      case EINTR, EAGAIN:
        continue
      case EIO:
        // A terminal whose other side closed (a hung-up pty) reads as EIO: that is the end.
        return .endOfInput
      default:
        throw .systemCall("read", errno: errno)
      }
    }
  }
}
