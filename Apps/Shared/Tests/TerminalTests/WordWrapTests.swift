import CommandLineParsing
import Testing

struct WordWrapTests {
  @Test func linesBreakAtSpacesWithinTheWidthAndKeepEveryWordInOrder() {
    let text = "the plan cannot be changed; make the file writable to edit"
    for width in [10, 20, 27, 58, 200] {
      let lines = WordWrap.lines(text, width: width)
      #expect(lines.allSatisfy { $0.count <= width }, "\(width): \(lines)")
      #expect(lines.joined(separator: " ") == text)
    }
    #expect(
      WordWrap.lines(text, width: 27) == [
        "the plan cannot be changed;", "make the file writable to", "edit",
      ])
  }

  @Test func furtherLinesAreIndentedAfterALead() {
    #expect(
      WordWrap.lines("one two three four", width: 14, lead: "  -x  ", indent: 6) == [
        "  -x  one two", "      three", "      four",
      ])
  }

  @Test func aWordLongerThanTheWidthStaysWholeOnItsOwnLine() {
    #expect(
      WordWrap.lines("at /a/very/long/path/to/plan.sqlite now", width: 10) == [
        "at", "/a/very/long/path/to/plan.sqlite", "now",
      ])
    #expect(WordWrap.lines("", width: 10) == [""])
  }
}
