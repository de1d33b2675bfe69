import Testing

@testable import Terminal

struct StyleTests {
  @Test func applyReturnsTheTextUnchangedWhenColorIsOff() {
    for style: Style in [.bold, .dim, .red, .green, .yellow, .cyan, .reverse, [.bold, .red]] {
      #expect(style.apply(to: "text", useColor: false) == "text")
    }
  }

  @Test func applyWrapsTheTextInSGRAndResetWhenColorIsOn() {
    #expect(Style.bold.apply(to: "hi", useColor: true) == "\u{1B}[1mhi\u{1B}[0m")
    #expect(Style.green.apply(to: "ok", useColor: true) == "\u{1B}[32mok\u{1B}[0m")
    #expect(Style.reverse.apply(to: "row", useColor: true) == "\u{1B}[7mrow\u{1B}[0m")
  }

  @Test func codesComeInAFixedOrderWhenStylesAreCombined() {
    #expect(Style([.cyan, .bold, .dim]).code == "\u{1B}[1;2;36m")
    #expect(
      Style([.yellow, .underline]).apply(to: "x", useColor: true) == "\u{1B}[4;33mx\u{1B}[0m")
  }

  @Test func applyAddsNothingWhenTheStyleIsEmpty() {
    #expect(Style().apply(to: "plain", useColor: true) == "plain")
    #expect(Style().code.isEmpty)
  }
}
