import Testing

@testable import Terminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Serialized: the exit and signal handlers restore one raw mode per process, and these tests
/// check that one.
@Suite(.serialized)
struct RawModeTests {
  private let canonicalAndEcho = ICANON | ECHO

  @Test func enteringTurnsCanonicalEchoAndSignalsOffWhenOnAPseudoTerminal() throws {
    let terminal = try PseudoTerminal()
    #expect(try terminal.localFlagsSet(ICANON | ECHO | ISIG))
    let raw = try RawMode(descriptor: terminal.slave, outputDescriptor: terminal.slave)
    #expect(raw.isActive)
    #expect(try terminal.localFlagsClear(ICANON | ECHO | ISIG | IEXTEN))
    let settings = try terminal.settings()
    #expect(settings.c_iflag & tcflag_t(ICRNL | IXON) == 0)
    #expect(settings.c_oflag & tcflag_t(OPOST) != 0)
    raw.restore()
    #expect(!raw.isActive)
    #expect(try terminal.localFlagsSet(ICANON | ECHO | ISIG | IEXTEN))
  }

  @Test func restoreIsHarmlessWhenCalledTwice() throws {
    let terminal = try PseudoTerminal()
    let raw = try RawMode(descriptor: terminal.slave, outputDescriptor: terminal.slave)
    raw.restore()
    raw.restore()
    #expect(try terminal.localFlagsSet(canonicalAndEcho))
  }

  @Test func settingsComeBackWhenTheValueIsReleased() throws {
    let terminal = try PseudoTerminal()
    do {
      let raw = try RawMode(descriptor: terminal.slave, outputDescriptor: terminal.slave)
      #expect(raw.isActive)
      #expect(try terminal.localFlagsClear(canonicalAndEcho))
    }
    #expect(try terminal.localFlagsSet(canonicalAndEcho))
  }

  @Test func enteringThrowsNotATerminalWhenGivenAPipe() {
    let pipe = FileDescriptors.pipe()
    defer {
      close(pipe.read)
      close(pipe.write)
    }
    #expect(throws: TerminalError.notATerminal(descriptor: pipe.read)) {
      try RawMode(descriptor: pipe.read)
    }
  }

  @Test func cursorAndScreenAreRestoredWithTheSettingsWhenRestoring() throws {
    let terminal = try PseudoTerminal()
    let raw = try RawMode(descriptor: terminal.slave, outputDescriptor: terminal.slave)
    raw.hideCursor()
    raw.hideCursor()
    raw.enterAlternateScreen()
    terminal.expectScreen("\u{1B}[?25l\u{1B}[?1049h")
    raw.restore()
    terminal.expectScreen("\u{1B}[?1049l\u{1B}[?25h")
    raw.showCursor()
    FileDescriptors.write("end", to: terminal.slave)
    terminal.expectScreen("end")
  }

  @Test func showAndLeaveUndoHideAndEnterWhenCalledWhileRaw() throws {
    let terminal = try PseudoTerminal()
    let raw = try RawMode(descriptor: terminal.slave, outputDescriptor: terminal.slave)
    raw.showCursor()
    raw.hideCursor()
    raw.showCursor()
    raw.enterAlternateScreen()
    raw.leaveAlternateScreen()
    raw.restore()
    terminal.expectScreen("\u{1B}[?25l\u{1B}[?25h\u{1B}[?1049h\u{1B}[?1049l")
  }

  @Test func theSignalAndExitPathRestoresEverythingWhenRawModeIsActive() throws {
    let terminal = try PseudoTerminal()
    let raw = try RawMode(descriptor: terminal.slave, outputDescriptor: terminal.slave)
    raw.hideCursor()
    terminal.expectScreen("\u{1B}[?25l")
    // What the SIGINT/SIGTERM handler and the atexit hook run before exiting.
    TerminalRestoration.restoreSaved()
    #expect(try terminal.localFlagsSet(canonicalAndEcho))
    terminal.expectScreen("\u{1B}[?25h")
    #expect(TerminalRestoration.slot.load(ordering: .relaxed) == TerminalRestoration.free)
    raw.restore()
    #expect(try terminal.localFlagsSet(canonicalAndEcho))
  }

  @Test func theSignalAndExitPathDoesNothingWhenNoRawModeIsActive() throws {
    let terminal = try PseudoTerminal()
    let raw = try RawMode(descriptor: terminal.slave, outputDescriptor: terminal.slave)
    raw.restore()
    #expect(TerminalRestoration.slot.load(ordering: .relaxed) == TerminalRestoration.free)
    TerminalRestoration.restoreSaved()
    #expect(TerminalRestoration.slot.load(ordering: .relaxed) == TerminalRestoration.free)
  }

  @Test func keysArriveOneByOneUnechoedWhenTypedInRawMode() throws {
    let terminal = try PseudoTerminal()
    let raw = try RawMode(descriptor: terminal.slave, outputDescriptor: terminal.slave)
    defer { raw.restore() }
    terminal.type("q\u{3}é\r")
    var reader = KeyReader(descriptor: terminal.slave)
    var keys: [Key] = []
    for _ in 0..<4 {
      keys.append(try #require(try reader.next()))
    }
    // ISIG off: Control-C is a key; ICRNL off: Enter is CR; ICANON off: no Enter needed.
    #expect(keys == [.character("q"), .ctrlC, .character("é"), .enter])
    // ECHO off: nothing came back to the screen.
    FileDescriptors.write("!", to: terminal.slave)
    terminal.expectScreen("!")
  }
}
