import Testing

@testable import Terminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct KeyReaderTests {
  @Test func nextReturnsEveryKeyThenNilWhenThePipeCloses() throws {
    let pipe = FileDescriptors.pipe()
    defer { close(pipe.read) }
    FileDescriptors.write("a\u{1B}[Bé\r", to: pipe.write)
    close(pipe.write)
    var reader = KeyReader(descriptor: pipe.read)
    var keys: [Key] = []
    while let key = try reader.next() {
      keys.append(key)
    }
    #expect(keys == [.character("a"), .down, .character("é"), .enter])
    #expect(try reader.next() == nil)
  }

  @Test func nextFlushesAnUnfinishedCharacterWhenInputEnds() throws {
    let pipe = FileDescriptors.pipe()
    defer { close(pipe.read) }
    FileDescriptors.write([0x71, 0xE2, 0x82], to: pipe.write)
    close(pipe.write)
    var reader = KeyReader(descriptor: pipe.read)
    #expect(try reader.next() == .character("q"))
    #expect(try reader.next() == .unknown([0xE2, 0x82]))
    #expect(try reader.next() == nil)
  }

  @Test func nextThrowsWhenTheDescriptorIsInvalid() {
    var reader = KeyReader(descriptor: -1)
    #expect(throws: TerminalError.self) { try reader.next() }
  }

  @Test func streamYieldsEveryKeyAndFinishesWhenThePipeCloses() async {
    let pipe = FileDescriptors.pipe()
    defer { close(pipe.read) }
    FileDescriptors.write("hi\u{3}", to: pipe.write)
    close(pipe.write)
    var keys: [Key] = []
    for await key in KeyReader.keys(from: pipe.read) {
      keys.append(key)
    }
    #expect(keys == [.character("h"), .character("i"), .ctrlC])
  }

  @Test func streamFinishesWithoutInputWhenItsTaskIsCancelled() async {
    let pipe = FileDescriptors.pipe()
    defer {
      close(pipe.write)
      close(pipe.read)
    }
    let keys = KeyReader.keys(from: pipe.read)
    let consumer = Task {
      var count = 0
      for await _ in keys { count += 1 }
      return count
    }
    consumer.cancel()
    #expect(await consumer.value == 0)
  }

  @Test func streamStopsReadingWhenTheConsumerLeavesTheLoop() async {
    let pipe = FileDescriptors.pipe()
    defer { close(pipe.read) }
    FileDescriptors.write("x", to: pipe.write)
    for await key in KeyReader.keys(from: pipe.read) {
      #expect(key == .character("x"))
      break
    }
    // The reading thread left its poll: what is written now stays in the pipe.
    FileDescriptors.write("y", to: pipe.write)
    close(pipe.write)
    #expect(FileDescriptors.readAll(from: pipe.read) == Array("y".utf8))
  }
}
