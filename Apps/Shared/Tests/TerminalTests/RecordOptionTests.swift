import Foundation
import TestSupport
import Testing

@testable import AppCLI
@testable import CommandLineParsing

#if canImport(Glibc)
  import Glibc
#endif

/// `--record FILE` writes only a regular file or a new one.
///
/// Anything else is refused with what it is, and a symlink is written through, never
/// replaced. Run as root, as CI runs,
/// where nothing but this check stops a write over a device.
@Suite struct RecordOptionTests {
  private let temporary: TemporaryFolder
  private var folder: URL { temporary.url }
  private static let spec = CommandSpec(
    name: "movies", abstract: "Popular movies.", options: [RecordOption().option])

  init() throws {
    temporary = try TemporaryFolder("record-option")
  }

  private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// What `--record PATH` resolves to, or the usage error's message.
  private func record(_ path: String) throws -> Result<String?, UsageError> {
    let parsed = try #require(try Self.spec.parse(["--record", path]).arguments)
    do {
      return .success(try RecordOption().read(from: parsed))
    } catch {
      return .failure(error)
    }
  }

  private func refusal(_ path: String) throws -> String? {
    if case .failure(let error) = try record(path) { return error.message }
    return nil
  }

  @Test func aRegularFileOrANewOneIsWrittenWhereItIs() throws {
    try Data("old".utf8).write(to: URL(fileURLWithPath: path("old.json")))
    #expect(try record(path("old.json")).get() == path("old.json"))
    #expect(try record(path("new.json")).get() == path("new.json"))
  }

  @Test func aFolderAFIFOAndASocketAreRefusedNamingWhatTheyAre() throws {
    #expect(mkfifo(path("pipe"), 0o600) == 0)
    let socket = try UnixSocket(at: path("socket"))
    defer { socket.close() }

    #expect(
      try refusal(folder.path)
        == "--record \(folder.path) is a directory, not a regular file; give the path of a file "
        + "(a new one is created)")
    #expect(
      try refusal(path("pipe"))?.hasPrefix(
        "--record \(path("pipe")) is a FIFO (named pipe), not a regular file") == true)
    #expect(
      try refusal(path("socket"))?.hasPrefix(
        "--record \(path("socket")) is a socket, not a regular file") == true)
    #expect(
      try refusal(path("no/such/file.json"))
        == "--record \(path("no/such/file.json")): the folder \(path("no/such")) does not exist")
  }

  @Test func aDeviceIsRefusedAndLeftADevice() throws {
    for device in ["/dev/full", "/dev/null"] {
      #expect(
        try refusal(device)?.contains("is a character device, not a regular file") == true,
        "\(device)")
    }
    // Standard output, whatever it is here (a pipe, a file, a terminal), is not replaced.
    #expect(
      try refusal("/dev/stdout")?.hasPrefix("--record /dev/stdout is an open file descriptor (")
        == true)
    var info = stat()
    #expect(stat("/dev/full", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
  }

  @Test func aSymlinkIsWrittenThroughToItsFileAndStaysALink() throws {
    try Data("old".utf8).write(to: URL(fileURLWithPath: path("target.json")))
    try FileManager.default.createSymbolicLink(
      atPath: path("link.json"), withDestinationPath: "target.json")
    try FileManager.default.createSymbolicLink(
      atPath: path("dangling.json"), withDestinationPath: path("later.json"))
    try FileManager.default.createSymbolicLink(
      atPath: path("to-device"), withDestinationPath: "/dev/full")
    try FileManager.default.createSymbolicLink(atPath: path("loop"), withDestinationPath: "loop")

    #expect(try record(path("link.json")).get() == path("target.json"))
    #expect(try record(path("dangling.json")).get() == path("later.json"))
    #expect(
      try refusal(path("to-device"))
        == "--record \(path("to-device")) is a symlink to /dev/full, a character device, not a "
        + "regular file; give the path of a file (a new one is created)")
    #expect(
      try refusal(path("loop"))?.hasSuffix(
        "is a symlink that leads nowhere (a loop, or too many links)") == true)
  }
}

/// A listening Unix-domain socket at a path, for a check that must meet one.
private struct UnixSocket {
  let descriptor: Int32

  init(at path: String) throws {
    descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0 else { throw POSIXError(.EADDRINUSE) }
  }

  func close() { _ = Glibc.close(descriptor) }
}
