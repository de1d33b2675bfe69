import Testing

@testable import Terminal

struct KeyDecoderTests {
  private func decode(_ chunks: [UInt8]...) -> [Key] {
    var decoder = KeyDecoder()
    return chunks.flatMap { decoder.feed($0) } + decoder.finish()
  }

  @Test func printableASCIIDecodesAsCharactersWhenTyped() {
    #expect(decode(Array("aZ 9~".utf8)) == "aZ 9~".map(Key.character))
  }

  @Test func controlKeysDecodeToTheirCasesWhenSent() {
    #expect(
      decode([0x03, 0x04, 0x15, 0x09, 0x7F, 0x08])
        == [.ctrlC, .ctrlD, .ctrlU, .tab, .backspace, .backspace])
  }

  @Test func enterDecodesOnceWhenCarriageReturnLineFeedOrBoth() {
    #expect(decode([0x0D]) == [.enter])
    #expect(decode([0x0A]) == [.enter])
    #expect(decode([0x0D, 0x0A]) == [.enter])
    #expect(decode([0x0D], [0x0A]) == [.enter])
    #expect(decode([0x0A, 0x0A, 0x0D, 0x0D]) == [.enter, .enter, .enter, .enter])
  }

  @Test func arrowsDecodeWhenSentAsCSIOrSS3() {
    #expect(decode(Array("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D".utf8)) == [.up, .down, .right, .left])
    #expect(decode(Array("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD".utf8)) == [.up, .down, .right, .left])
  }

  @Test func arrowDecodesWhenSplitAcrossChunksAfterTheBracket() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B, 0x5B]).isEmpty)
    #expect(decoder.feed([0x41]) == [.up])
  }

  @Test func otherSequencesDecodeAsUnknownWithAllTheirBytesWhenComplete() {
    #expect(decode(Array("\u{1B}[3~".utf8)) == [.unknown([0x1B, 0x5B, 0x33, 0x7E])])
    #expect(
      decode(Array("\u{1B}[1;5Ax".utf8))
        == [.unknown([0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x41]), .character("x")])
    #expect(decode(Array("\u{1B}OP".utf8)) == [.unknown([0x1B, 0x4F, 0x50])])
  }

  @Test func escapeDecodesAloneWhenLastInItsChunk() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]) == [.escape])
    #expect(decoder.feed(Array("[A".utf8)) == [.character("["), .character("A")])
  }

  @Test func escapeDecodesAloneWhenFollowedByAnOrdinaryKey() {
    #expect(decode(Array("\u{1B}q".utf8)) == [.escape, .character("q")])
    #expect(decode([0x1B, 0x1B]) == [.escape, .escape])
    #expect(decode(Array("\u{1B}\u{1B}[A".utf8)) == [.escape, .up])
  }

  @Test func multiByteCharactersDecodeWhenWhole() {
    #expect(decode(Array("é€😀ß".utf8)) == "é€😀ß".unicodeScalars.map { .character(Character($0)) })
  }

  @Test func multiByteCharacterDecodesWhenSplitAcrossTwoFeeds() {
    var decoder = KeyDecoder()
    let euro: [UInt8] = [0xE2, 0x82, 0xAC]
    #expect(decoder.feed(euro[..<1]).isEmpty)
    #expect(decoder.feed(euro[1...] + [0x61]) == [.character("€"), .character("a")])
    let face = Array("😀".utf8)
    #expect(decoder.feed(face[..<3]).isEmpty)
    #expect(decoder.feed(face[3...]) == [.character("😀")])
  }

  @Test func invalidBytesDecodeAsUnknownWhenNoCharacterCanStartThere() {
    #expect(
      decode([0x80, 0xFF, 0xC0, 0x61]) == [
        .unknown([0x80]), .unknown([0xFF]), .unknown([0xC0]), .character("a"),
      ])
  }

  @Test func truncatedCharacterIsUnknownAndTheNextByteDecodesWhenAContinuationIsMissing() {
    #expect(decode([0xC3, 0x41]) == [.unknown([0xC3]), .character("A")])
    #expect(decode([0xE2, 0x82, 0x1B, 0x5B, 0x41]) == [.unknown([0xE2, 0x82]), .up])
  }

  @Test func overlongAndSurrogateFormsAreUnknownWhenComplete() {
    #expect(decode([0xE0, 0x80, 0xAF]) == [.unknown([0xE0, 0x80, 0xAF])])
    #expect(decode([0xED, 0xA0, 0x80]) == [.unknown([0xED, 0xA0, 0x80])])
  }

  @Test func otherControlBytesAreUnknownWhenSent() {
    #expect(decode([0x00, 0x01, 0x1A]) == [.unknown([0x00]), .unknown([0x01]), .unknown([0x1A])])
  }

  @Test func finishFlushesAnUnfinishedSequenceWhenInputEnds() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B, 0x5B, 0x31]).isEmpty)
    #expect(decoder.finish() == [.unknown([0x1B, 0x5B, 0x31])])
    #expect(decoder.feed([0xE2]).isEmpty)
    #expect(decoder.finish() == [.unknown([0xE2])])
    #expect(decoder.feed(Array("\u{1B}O".utf8)).isEmpty)
    #expect(decoder.finish() == [.unknown([0x1B, 0x4F])])
    #expect(decoder.finish().isEmpty)
  }

  @Test func overlongControlSequenceIsUnknownWhenItNeverEnds() {
    let bytes: [UInt8] = [0x1B, 0x5B] + Array(repeating: 0x31, count: 40)
    let keys = decode(bytes)
    #expect(keys.first == .unknown([0x1B, 0x5B] + Array(repeating: 0x31, count: 30)))
    #expect(keys.dropFirst().allSatisfy { $0 == .character("1") })
    #expect(keys.count == 11)
  }
}
