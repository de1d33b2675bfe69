import Testing

@testable import Terminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct FileDescriptorWriterTests {
  @Test func everyByteArrivesWhenWritingToAPipe() {
    let pipe = FileDescriptors.pipe()
    defer { close(pipe.read) }
    let text = String(repeating: "héllo ", count: 2_000)
    FileDescriptorWriter.write(text, to: pipe.write)
    close(pipe.write)
    #expect(String(decoding: FileDescriptors.readAll(from: pipe.read), as: UTF8.self) == text)
  }

  @Test func staticTextArrivesWhenWrittenTheSignalSafeWay() {
    let pipe = FileDescriptors.pipe()
    defer { close(pipe.read) }
    FileDescriptorWriter.writeStatic("\u{1B}[?25h", to: pipe.write)
    close(pipe.write)
    #expect(FileDescriptors.readAll(from: pipe.read) == [0x1B, 0x5B, 0x3F, 0x32, 0x35, 0x68])
  }
}
