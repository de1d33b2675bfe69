import TestSupport
import Testing

@testable import Terminal

#if canImport(Glibc)
  import Glibc
#endif

/// A resize redraws the whole screen: the signal arrives as a size, and the renderer starts
/// over at the top left.
struct WindowResizeTests {
  @Test func aResizeSignalArrivesAsTheWindowsSize() async throws {
    let sizes = AwaitableList<WindowSize>()
    let listening = Task {
      for await size in WindowResizes.sizes(of: STDOUT_FILENO) { sizes.append(size) }
    }
    // The signal source is installed asynchronously: signal until one is reported.
    let signalling = Task {
      while !Task.isCancelled, sizes.elements.isEmpty {
        kill(getpid(), SIGWINCH)
        await Task.yield()
      }
    }
    defer {
      signalling.cancel()
      listening.cancel()
    }

    try await sizes.wait("a SIGWINCH to arrive as a size") { !$0.isEmpty }

    #expect(sizes.elements.first == WindowSize.of(descriptor: STDOUT_FILENO))
  }

  @Test func clearingTheScreenMakesTheNextFrameStartAtTheTopLeftWithoutMovingUp() {
    var renderer = ScreenRenderer(isTTY: true, width: 20) { _ in }
    renderer.render(["one", "two", "three"])

    #expect(renderer.clearScreen() == "\u{1B}[H\u{1B}[2J")
    #expect(renderer.render(["one"]) == "one\u{1B}[K\u{1B}[J")
  }

  @Test func clearingWritesNothingWhenNotATerminal() {
    var renderer = ScreenRenderer(isTTY: false, width: 20) { _ in }
    #expect(renderer.clearScreen() == "")
  }
}
