import Foundation
import LoopSynchronization
import TestSupport
import Testing

@testable import LoopRecording

/// A recording's bytes reach its file whole however write(2) splits them: a write that takes
/// only part of what it was given, or that a signal interrupts, is followed by one for the rest.
struct WriteAllTests {
  /// What a write(2) that takes at most `limit` bytes a call, interrupted every third call,
  /// was given, in order.
  private final class ShortWrites: Sendable {
    let limit: Int
    let received = Mutex<(bytes: [UInt8], calls: Int)>(([], 0))

    init(limit: Int) { self.limit = limit }

    func write(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
      received.withLock { received in
        received.calls += 1
        if received.calls % 3 == 0 {
          errno = EINTR
          return -1
        }
        let taken = min(count, limit)
        received.bytes += UnsafeRawBufferPointer(start: pointer, count: taken)
        return taken
      }
    }
  }

  @Test(arguments: [1, 3, 7, 64])
  func everyByteIsWrittenOnceInOrderThoughEachWriteTakesOnlyPart(_ limit: Int) {
    let bytes = Array("{\"app\":\"movies\",\"version\":2}\n".utf8)
    let writes = ShortWrites(limit: limit)
    #expect(writeAll(bytes, to: 99, using: writes.write) == nil)
    #expect(writes.received.withLock { $0.bytes } == bytes)
  }

  @Test func aFailedWriteGivesItsErrorAndAWriteOfNothingGivesEIO() {
    let bytes = Array("x".utf8)
    let full = writeAll(bytes, to: 99) { _, _, _ in
      errno = ENOSPC
      return -1
    }
    #expect(full == ENOSPC)
    #expect(writeAll(bytes, to: 99) { _, _, _ in 0 } == EIO)
  }

  /// A recording whose first bytes cannot be written (a full disk) says why, and leaves no
  /// temporary file beside the path it was to take.
  @Test func aHeaderThatCannotBeWrittenSaysWhyAndLeavesNoFile() throws {
    let folder = try TemporaryFolder("write-all")
    defer { folder.remove() }
    #expect(
      throws: RecordingFileError(
        path: folder.path("run.json"),
        reason: "cannot be written (write: \(String(cString: strerror(ENOSPC))))")
    ) {
      try RecordingLog<Int, Int, Int>.create(folder.path("run.json"), header: Array("{}".utf8)) {
        _, _, _ in
        errno = ENOSPC
        return -1
      }
    }
    #expect(try folder.contents() == [])
  }

  /// A write that writes nothing and sets no error is named as an I/O error.
  @Test func aHeaderWriteOfNothingSaysInputOutputError() throws {
    let folder = try TemporaryFolder("write-all")
    defer { folder.remove() }
    #expect(
      throws: RecordingFileError(
        path: folder.path("run.json"),
        reason: "cannot be written (write: \(String(cString: strerror(EIO))))")
    ) {
      try RecordingLog<Int, Int, Int>.create(folder.path("run.json"), header: Array("{}".utf8)) {
        _, _, _ in
        errno = 0
        return 0
      }
    }
  }
}
