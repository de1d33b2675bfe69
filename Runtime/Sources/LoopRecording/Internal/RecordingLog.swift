import Dispatch
import Foundation
import LoopSynchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Appends a recording to its file as the store runs: a version 2 recording, one line per
/// record, each line handed to the kernel as soon as it is encoded.
///
/// The store's thread only queues what happened (a few hundred nanoseconds); a thread of the
/// log's own encodes the records and writes them, so encoding never delays a step. What the
/// kernel has survives the process: killed with SIGKILL at any moment, the file holds every
/// record written so far and at most one line cut short, which a reader leaves out.
///
/// The file is made beside its path under a temporary name, given its header, and renamed
/// over the path, so the path names a complete older file or a readable newer one, never a
/// torn one.
final class RecordingLog<
  State: Codable & Sendable, Event: Codable & Sendable, Call: Codable & Sendable
>:
  @unchecked Sendable
{
  /// One thing that happened, waiting to be encoded.
  enum Entry: Sendable {
    case step(Event, RecordedOrigin, Double, State)
    case call(RecordedCall<Call>)
    case effectStarted(RecordedOrigin, Double)
    case effectEnded(RecordedOrigin, Double, RecordedEffect.Outcome)
    case end(RecordingEnd)
    /// Not a record: resumed once every entry queued before it is written (``written()``).
    case barrier(CheckedContinuation<Void, Never>)
  }

  private struct Queue {
    var entries: [Entry] = []
    /// The writer is waiting for entries and must be woken.
    var idle = false
    /// The end record is queued: nothing more is taken.
    var closed = false
    /// The first write that failed.
    var failure: RecordingFileError?
  }

  let path: String
  private let queue = Mutex(Queue())
  private let wake = DispatchSemaphore(value: 0)
  private let done = DispatchSemaphore(value: 0)
  /// Used by the writer thread only (after `init`, which hands it over).
  private var lines: RecordLineEncoder<State, Event, Call>
  private let descriptor: Int32

  /// Creates the file with its header and starts the writer.
  ///
  /// - Throws: ``RecordingFileError`` when the file cannot be made (a folder that is not
  ///   writable, a full disk).
  init(path: String, app: String, settings: [String: Int], initialState: State)
    throws(RecordingFileError)
  {
    self.path = path
    var lines = RecordLineEncoder<State, Event, Call>()
    let header: [UInt8]
    do {
      header = try lines.header(app: app, settings: settings, initialState: initialState)
    } catch {
      throw RecordingFileError(path: path, reason: "cannot be written (\(error))")
    }
    self.lines = lines
    descriptor = try Self.create(path, header: header)
    let thread = Thread { [self] in run() }
    thread.name = "recording-log"
    thread.stackSize = 8 << 20
    thread.start()
  }

  /// Queues one entry; dropped once the end is queued.
  ///
  /// - Returns: Whether it was queued.
  @discardableResult
  func append(_ entry: Entry) -> Bool {
    let (queued, wakeWriter) = queue.withLock { queue -> (Bool, Bool) in
      guard !queue.closed else { return (false, false) }
      queue.entries.append(entry)
      if case .end = entry { queue.closed = true }
      guard queue.idle else { return (true, false) }
      queue.idle = false
      return (true, true)
    }
    if wakeWriter { wake.signal() }
    return queued
  }

  /// Returns once every record queued before the call is written (handed to the kernel), or
  /// could not be; at once when the end is already queued, since ``finish(_:patience:)``
  /// writes everything before it.
  func written() async {
    await withCheckedContinuation { continuation in
      if !append(.barrier(continuation)) { continuation.resume() }
    }
  }

  /// Queues the end record and closes the file.
  ///
  /// Waits until every record is written (at most `patience`, when given), then closes the
  /// file. Safe to call more than once and from any thread; only the first end
  /// is written.
  ///
  /// - Throws: ``RecordingFileError`` when a write failed (a full disk), or the writer did not
  ///   finish in time.
  func finish(_ end: RecordingEnd, patience: Duration?) throws(RecordingFileError) {
    append(.end(end))
    if let patience {
      let (seconds, attoseconds) = patience.components
      let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
      guard done.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success else {
        throw RecordingFileError(
          path: path, reason: "was not finished in \(patience); it ends early")
      }
    } else {
      done.wait()
    }
    done.signal()  // for the next caller
    if let failure = queue.withLock({ $0.failure }) { throw failure }
  }

  private func run() {
    var buffer: [UInt8] = []
    var taken: [Entry] = []
    while true {
      let hasWork = queue.withLock { queue -> Bool in
        if queue.entries.isEmpty {
          queue.idle = true
          return false
        }
        swap(&taken, &queue.entries)
        return true
      }
      guard hasWork else {
        wake.wait()
        continue
      }
      var ended = false
      var barriers: [CheckedContinuation<Void, Never>] = []
      for entry in taken {
        do {
          switch entry {
          case .step(let event, let origin, let at, let state):
            buffer.append(
              contentsOf: try lines.step(
                event: event, origin: origin, atMilliseconds: at, state: state))
          case .call(let call): buffer.append(contentsOf: try lines.call(call))
          case .effectStarted(let origin, let at):
            buffer.append(contentsOf: try lines.effectStarted(origin, atMilliseconds: at))
          case .effectEnded(let origin, let at, let outcome):
            buffer.append(
              contentsOf: try lines.effectEnded(origin, atMilliseconds: at, outcome: outcome))
          case .end(let end):
            buffer.append(contentsOf: try lines.end(end))
            ended = true
          case .barrier(let continuation):
            barriers.append(continuation)
          }
        } catch {
          fail(RecordingFileError(path: path, reason: "a record did not encode (\(error))"))
        }
      }
      taken.removeAll(keepingCapacity: true)
      write(buffer)
      buffer.removeAll(keepingCapacity: true)
      // After the write: what each waiter was waiting for is in the file (or never will be).
      for barrier in barriers { barrier.resume() }
      if ended {
        close(descriptor)
        done.signal()
        return
      }
    }
  }

  private func fail(_ failure: RecordingFileError) {
    queue.withLock { queue in
      if queue.failure == nil { queue.failure = failure }
    }
  }

  /// Writes all of `bytes`, or records why it could not; after a failure, writes nothing.
  private func write(_ bytes: [UInt8]) {
    guard !bytes.isEmpty, queue.withLock({ $0.failure == nil }) else { return }
    if let code = writeAll(bytes, to: descriptor) {
      fail(
        RecordingFileError(
          path: path, reason: "cannot be written (\(String(cString: strerror(code))))"))
    }
  }

  /// Makes the file: a temporary one beside `path` holding `header`, renamed over `path`.
  ///
  /// - Parameters:
  ///   - path: The recording's path.
  ///   - header: The first line.
  ///   - write: The system call; tests give one that fails.
  /// - Returns: The open file's descriptor.
  /// - Throws: ``RecordingFileError`` naming what could not be done, with no file left.
  static func create(
    _ path: String, header: [UInt8],
    using write: (Int32, UnsafeRawPointer, Int) -> Int = systemWrite
  ) throws(RecordingFileError) -> Int32 {
    func failure(_ what: String) -> RecordingFileError {
      RecordingFileError(
        path: path, reason: "cannot be written (\(what): \(String(cString: strerror(errno))))")
    }
    let url = URL(fileURLWithPath: path)
    let temporary = url.deletingLastPathComponent()
      .appendingPathComponent(
        ".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max))"
      )
      .path
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw failure("create") }
    if let code = writeAll(header, to: descriptor, using: write) {
      errno = code
      let error = failure("write")
      close(descriptor)
      unlink(temporary)
      throw error
    }
    guard rename(temporary, path) == 0 else {
      let error = failure("rename")
      close(descriptor)
      unlink(temporary)
      throw error
    }
    return descriptor
  }
}

/// Writes every byte of `bytes` to `descriptor`, again after a short or interrupted write.
///
/// The system's `write` may take only part of what it is given, or be interrupted by a
/// signal; the rest is written by the next call.
///
/// - Parameters:
///   - bytes: What to write.
///   - descriptor: Where.
///   - write: The system call; tests give one that writes a few bytes at a time.
/// - Returns: `nil` once every byte is written; else the `errno` of the write that failed
///   (`EIO` for a write that wrote nothing and said nothing).
func writeAll(
  _ bytes: [UInt8], to descriptor: Int32,
  using write: (Int32, UnsafeRawPointer, Int) -> Int = systemWrite
) -> Int32? {
  var written = 0
  while written < bytes.count {
    let result = bytes.withUnsafeBytes { raw in
      raw.baseAddress.map { write(descriptor, $0 + written, raw.count - written) } ?? 0
    }
    if result < 0, errno == EINTR { continue }
    guard result > 0 else { return result < 0 ? errno : EIO }
    written += result
  }
  return nil
}

/// The system's `write` call.
func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
  #else
    Darwin.write(descriptor, bytes, count)
  #endif
}
