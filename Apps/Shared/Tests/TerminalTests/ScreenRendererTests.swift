import Testing

@testable import Terminal

struct ScreenRendererTests {
  /// Collects what a renderer writes.
  private final class Sink {
    var written: [String] = []
  }

  @Test func firstFrameWritesEachLineClearedToTheRightThenClearsBelowWhenOnATTY() {
    var renderer = ScreenRenderer(isTTY: true, width: 20) { _ in }
    #expect(
      renderer.render(["Popular movies", "  1. Dune"])
        == "Popular movies\u{1B}[K\r\n  1. Dune\u{1B}[K\u{1B}[J")
  }

  @Test func redrawMovesUpOverThePreviousFrameAndClearsWhatRemainsWhenItShrinks() {
    var renderer = ScreenRenderer(isTTY: true, width: 20) { _ in }
    renderer.render(["one", "two", "three"])
    #expect(renderer.render(["done"]) == "\u{1B}[2A\rdone\u{1B}[K\u{1B}[J")
    #expect(renderer.render(["a", "b"]) == "\ra\u{1B}[K\r\nb\u{1B}[K\u{1B}[J")
  }

  @Test func longLinesAreCutToTheWidthWithoutCountingStyleCodes() {
    var renderer = ScreenRenderer(isTTY: true, width: 5) { _ in }
    let bold = Style.bold.apply(to: "Hello world", useColor: true)
    // Cut after five visible characters; the reset keeps the bold from bleeding.
    #expect(renderer.render([bold]) == "\u{1B}[1mHello\u{1B}[0m\u{1B}[J")
    #expect(renderer.forget() == "\r\n")
    let short = Style.red.apply(to: "Hi", useColor: true)
    #expect(renderer.render([short]) == "\u{1B}[31mHi\u{1B}[0m\u{1B}[K\u{1B}[J")
  }

  @Test func lineThatFillsTheWidthIsNotClearedToTheRight() {
    var renderer = ScreenRenderer(isTTY: true, width: 4) { _ in }
    #expect(renderer.render(["abcd", "abcdef", "é€ab"]) == "abcd\r\nabcd\r\né€ab\u{1B}[J")
  }

  @Test func plainModeWritesLinesWithoutAnyEscapeWhenNotATTY() {
    var renderer = ScreenRenderer(isTTY: false, width: 5) { _ in }
    let first = renderer.render([Style.bold.apply(to: "Popular movies", useColor: true), "1. Dune"])
    #expect(first == "Popular movies\n1. Dune\n")
    #expect(renderer.render(["done"]) == "done\n")
    #expect(renderer.erase().isEmpty)
    #expect(!first.contains("\u{1B}"))
  }

  @Test func eraseRemovesTheRegionWhenSomethingIsDrawn() {
    var renderer = ScreenRenderer(isTTY: true, width: 10) { _ in }
    #expect(renderer.erase().isEmpty)
    renderer.render(["a", "b"])
    #expect(renderer.erase() == "\u{1B}[1A\r\u{1B}[J")
    #expect(renderer.render(["c"]) == "c\u{1B}[K\u{1B}[J")
  }

  @Test func forgetStartsTheNextFrameBelowWhenTheAppPrintedSomething() {
    var renderer = ScreenRenderer(isTTY: true, width: 10) { _ in }
    renderer.render(["a"])
    #expect(renderer.forget() == "\r\n")
    #expect(renderer.forget().isEmpty)
    #expect(renderer.render(["b"]) == "b\u{1B}[K\u{1B}[J")
  }

  @Test func embeddedNewlinesCountAsSeparateLinesWhenRedrawing() {
    var renderer = ScreenRenderer(isTTY: true, width: 10) { _ in }
    renderer.render(["a\nb"])
    #expect(renderer.render([]) == "\u{1B}[1A\r\u{1B}[J")
  }

  /// A frame as tall as the window ends without a newline, so the terminal does not scroll
  /// and its first line (a tab bar, the query being typed) stays on screen.
  @Test func aFrameAsTallAsTheWindowEndsOnItsLastLineWithoutScrolling() {
    var renderer = ScreenRenderer(isTTY: true, width: 10, height: 3) { _ in }
    let first = renderer.render(["top", "middle", "bottom"])
    #expect(first == "top\u{1B}[K\r\nmiddle\u{1B}[K\r\nbottom\u{1B}[K\u{1B}[J")
    #expect(first.unicodeScalars.filter { $0 == "\n" }.count == 2)
    // Back up two lines, to the first: the same three rows are redrawn.
    #expect(renderer.render(["TOP", "b", "c"]).hasPrefix("\u{1B}[2A\rTOP"))
  }

  @Test func aFrameTallerThanTheWindowIsCutToItsHeight() {
    var renderer = ScreenRenderer(isTTY: true, width: 10, height: 2) { _ in }
    #expect(renderer.render(["a", "b", "c", "d"]) == "a\u{1B}[K\r\nb\u{1B}[K\u{1B}[J")
    #expect(renderer.erase() == "\u{1B}[1A\r\u{1B}[J")
  }

  @Test func outputReceivesExactlyWhatRenderReturnsWhenAFrameIsDrawn() {
    let sink = Sink()
    var renderer = ScreenRenderer(isTTY: true, width: 10) { sink.written.append($0) }
    let first = renderer.render(["x"])
    let second = renderer.render(["y"])
    #expect(sink.written == [first, second])
  }
}
