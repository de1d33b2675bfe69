import Testing

@testable import Terminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct TerminalCapabilitiesTests {
  @Test func colorIsOnWhenATTYHasAnOrdinaryEnvironment() {
    #expect(TerminalCapabilities.colorEnabled(isOutputTTY: true, environment: [:]))
    #expect(
      TerminalCapabilities.colorEnabled(
        isOutputTTY: true, environment: ["TERM": "xterm-256color", "NO_COLOR": ""]))
  }

  @Test func colorIsOffWhenNoColorIsSet() {
    #expect(!TerminalCapabilities.colorEnabled(isOutputTTY: true, environment: ["NO_COLOR": "1"]))
  }

  @Test func colorIsOffWhenTermIsDumb() {
    #expect(!TerminalCapabilities.colorEnabled(isOutputTTY: true, environment: ["TERM": "dumb"]))
  }

  @Test func colorIsOffWhenOutputIsNotATTY() {
    #expect(!TerminalCapabilities.colorEnabled(isOutputTTY: false, environment: [:]))
    let capabilities = TerminalCapabilities(
      isInputTTY: true, isOutputTTY: false, environment: ["TERM": "xterm"])
    #expect(!capabilities.supportsColor)
    #expect(!capabilities.isInteractive)
  }

  @Test func detectSeesNoTerminalWhenBothEndsArePipes() {
    let pipe = FileDescriptors.pipe()
    defer {
      close(pipe.read)
      close(pipe.write)
    }
    let capabilities = TerminalCapabilities.detect(
      input: pipe.read, output: pipe.write, environment: ["TERM": "xterm"])
    #expect(
      capabilities
        == TerminalCapabilities(
          isInputTTY: false, isOutputTTY: false, environment: [:], windowSize: .fallback))
    #expect(!capabilities.supportsColor)
  }

  @Test func detectSeesATerminalAndItsSizeWhenGivenAPseudoTerminal() throws {
    let terminal = try PseudoTerminal()
    try terminal.setWindowSize(columns: 132, rows: 43)
    let capabilities = TerminalCapabilities.detect(
      input: terminal.slave, output: terminal.slave, environment: ["TERM": "xterm"])
    #expect(capabilities.isInteractive)
    #expect(capabilities.supportsColor)
    #expect(capabilities.windowSize == WindowSize(columns: 132, rows: 43))
    let plain = TerminalCapabilities.detect(
      input: terminal.slave, output: terminal.slave, environment: ["NO_COLOR": "yes"])
    #expect(!plain.supportsColor)
  }

  @Test func windowSizeFallsBackToEightyByTwentyFourWhenNotATerminal() throws {
    let pipe = FileDescriptors.pipe()
    defer {
      close(pipe.read)
      close(pipe.write)
    }
    #expect(WindowSize.of(descriptor: pipe.write) == WindowSize(columns: 80, rows: 24))
    let terminal = try PseudoTerminal()
    try terminal.setWindowSize(columns: 0, rows: 0)
    #expect(WindowSize.of(descriptor: terminal.slave) == .fallback)
  }
}
