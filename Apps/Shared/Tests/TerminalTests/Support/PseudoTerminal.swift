import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pseudo-terminal pair for tests: the slave is the "terminal" the code under test sees,
/// the master is the test playing the user and the screen.
final class PseudoTerminal {
  let master: Int32
  let slave: Int32

  init() throws {
    let functions = try PseudoTerminalFunctions.load()
    let master = functions.openMaster(O_RDWR | O_NOCTTY)
    try #require(master >= 0, "posix_openpt failed (errno \(errno))")
    // `deinit` runs only once both descriptors are stored; until then a failure closes the
    // master here, so nothing leaks and nothing is closed twice.
    do {
      try #require(functions.grant(master) == 0, "grantpt failed (errno \(errno))")
      try #require(functions.unlock(master) == 0, "unlockpt failed (errno \(errno))")
      var name = [CChar](repeating: 0, count: 128)
      try #require(functions.name(master, &name, name.count) == 0, "ptsname_r failed")
      let path = String(
        decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      let slave = open(path, O_RDWR | O_NOCTTY)
      try #require(slave >= 0, "open \(path) failed (errno \(errno))")
      self.slave = slave
    } catch {
      close(master)
      throw error
    }
    self.master = master
  }

  deinit {
    close(slave)
    close(master)
  }

  /// The slave's current settings.
  func settings() throws -> termios {
    var settings = termios()
    try #require(tcgetattr(slave, &settings) == 0, "tcgetattr failed (errno \(errno))")
    return settings
  }

  /// Whether every one of `flags` is set in the slave's local flags.
  func localFlagsSet(_ flags: Int32) throws -> Bool {
    try settings().c_lflag & tcflag_t(flags) == tcflag_t(flags)
  }

  /// Whether none of `flags` is set in the slave's local flags.
  func localFlagsClear(_ flags: Int32) throws -> Bool {
    try settings().c_lflag & tcflag_t(flags) == 0
  }

  /// Sets the window size the slave reports.
  func setWindowSize(columns: UInt16, rows: UInt16) throws {
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    try #require(ioctl(master, UInt(TIOCSWINSZ), &size) == 0, "TIOCSWINSZ failed")
  }

  /// Types `text` as the user: it arrives on the slave as input.
  func type(_ text: String) {
    FileDescriptors.write(text, to: master)
  }

  /// Expects the next bytes the code wrote to the slave (what the screen would get) to be
  /// `expected`.
  ///
  /// Waits at most a few seconds for them, as a guard against hanging the run when the code
  /// wrote less; a passing test never waits.
  func expectScreen(_ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let count = expected.utf8.count
    var bytes: [UInt8] = []
    var entry = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    while bytes.count < count, poll(&entry, 1, 5_000) > 0 {
      bytes += FileDescriptors.read(count: 1, from: master)
    }
    #expect(String(decoding: bytes, as: UTF8.self) == expected, sourceLocation: sourceLocation)
  }
}

/// `posix_openpt`, `grantpt`, `unlockpt` and `ptsname_r`, looked up in the C library by name.
///
/// Glibc declares them only under `_XOPEN_SOURCE` (and `_GNU_SOURCE` for `ptsname_r`), which
/// the Swift `Glibc` module is not built with, so they are not visible from Swift; the symbols
/// are in libc all the same. `ptsname_r` rather than `ptsname`: tests run in parallel and
/// `ptsname` returns a static buffer.
private struct PseudoTerminalFunctions {
  typealias OpenMaster = @convention(c) (Int32) -> Int32
  typealias Grant = @convention(c) (Int32) -> Int32
  typealias Name = @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32

  let openMaster: OpenMaster
  let grant: Grant
  let unlock: Grant
  let name: Name

  static func load() throws -> PseudoTerminalFunctions {
    let library = dlopen(nil, RTLD_NOW)
    func symbol<Function>(_ name: String, as type: Function.Type) throws -> Function {
      let address = try #require(dlsym(library, name), "\(name) not found in libc")
      return unsafeBitCast(address, to: type)
    }
    return PseudoTerminalFunctions(
      openMaster: try symbol("posix_openpt", as: OpenMaster.self),
      grant: try symbol("grantpt", as: Grant.self),
      unlock: try symbol("unlockpt", as: Grant.self),
      name: try symbol("ptsname_r", as: Name.self))
  }
}
