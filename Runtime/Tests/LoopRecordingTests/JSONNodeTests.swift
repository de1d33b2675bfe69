import Foundation
import Testing

@testable import LoopRecording

/// Strings are scanned eight bytes at a time for what JSON escapes; every byte that needs an
/// escape, at every place in and across those words, must still be found.
struct JSONNodeTests {
  /// The escaped text of `text`, byte by byte: the oracle the word-wise scan is held to.
  private static func escapedOneByteAtATime(_ text: String) -> String {
    var result = Array("\"".utf8)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): result += Array(#"\""#.utf8)
      case UInt8(ascii: "\\"): result += Array(#"\\"#.utf8)
      case 0x0A: result += Array(#"\n"#.utf8)
      case 0x0D: result += Array(#"\r"#.utf8)
      case 0x09: result += Array(#"\t"#.utf8)
      case ..<0x20: result += Array(String(format: #"\u%04x"#, Int(byte)).utf8)
      default: result.append(byte)
      }
    }
    return String(decoding: result + Array("\"".utf8), as: UTF8.self)
  }

  /// Each character that needs an escape, and three that do not (a byte above 0x7F, `/`, and
  /// a space, the first byte past the control characters: "star wars" is written as typed).
  static let specials: [String] = [
    "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "/", " ",
  ]

  @Test(arguments: specials)
  func everySpecialCharacterIsEscapedAtEveryPlace(_ special: String) throws {
    // Lengths up to three words, the character at each place in them.
    for length in 0...24 {
      for place in 0...length {
        let text =
          String(repeating: "a", count: place) + special
          + String(repeating: "b", count: length - place)
        var bytes: [UInt8] = []
        JSONNode.writeString(text, to: &bytes)
        let written = String(decoding: bytes, as: UTF8.self)
        #expect(written == Self.escapedOneByteAtATime(text), "\(length) \(place)")
        #expect(JSONNode.quotedCount(text) == bytes.count)
        #expect(try JSONNode.parse(ArraySlice(bytes)).string == text)
      }
    }
  }

  @Test func textOfManyEscapesInARowIsEscapedWhole() throws {
    let text = String(repeating: "\"\\\n\u{1}", count: 9) + "tail"
    var bytes: [UInt8] = []
    JSONNode.writeString(text, to: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == Self.escapedOneByteAtATime(text))
    #expect(JSONNode.quotedCount(text) == bytes.count)
  }

  /// A file another tool wrote may spell any character as an escape (`json.dumps` writes "é"
  /// as `\u00e9` and "🎬" as the surrogate pair `\ud83c\udfac`, other tools in upper case):
  /// each escape reads as the character it names.
  @Test func everyEscapeReadsAsTheCharacterItNames() throws {
    let written =
      #""\"\\\/\b\f\n\r\t caf\u00e9 CAF\u00C9 \u00E9t\u00e9 \ud83c\udfac \uD83C\uDFAC \u2603 \u0041""#
    let expected = "\"\\/\u{8}\u{C}\n\r\t café CAFÉ été 🎬 🎬 ☃ A"
    #expect(try JSONNode.parse(ArraySlice(written.utf8)).string == expected)
  }

  /// Every form of number JSON allows (RFC 8259, section 6) reads as the number, its text
  /// kept as written: a sign, a fraction, an exponent with `e` or `E`, signed or not, of one
  /// digit or more, alone or followed by more of the document.
  @Test(arguments: [
    "0", "-0", "12", "-7", "1.5", "0.25", "1e5", "2E7", "1e+5", "1E-5", "3.5e10", "-4.25E+2",
  ])
  func everyFormOfNumberReadsAsWritten(_ number: String) throws {
    for text in [number, "[\(number)]", "[\(number),1]"] {
      let node = try JSONNode.parse(ArraySlice(text.utf8))
      var written: [UInt8] = []
      node.write(to: &written)
      #expect(String(decoding: written, as: UTF8.self) == text)
    }
  }

  /// Two spellings of "é" are equal Swift strings but not the same JSON text.
  @Test func sameJSONComparesBytesNotSwiftEquality() {
    let composed = JSONNode(.string("caf\u{E9}"))
    let decomposed = JSONNode(.string("cafe\u{301}"))
    #expect("caf\u{E9}" == "cafe\u{301}")
    #expect(!composed.isSameJSON(as: decomposed))
    #expect(composed.isSameJSON(as: JSONNode(.string("caf\u{E9}"))))
    #expect(!JSONNode(.number("10")).isSameJSON(as: JSONNode(.number("1"))))
  }

  /// A recording edited by hand may be spaced out: white space (space, tab, line feed,
  /// carriage return) around a value and around every token of an object or array reads as
  /// the compact text does (RFC 8259).
  @Test func whiteSpaceAroundEveryTokenReadsAsTheCompactText() throws {
    let compact = #"{"a":[1,{"b":true}],"c":"d"}"#
    let spaced = " \t{ \"a\" :\r\n[ 1 ,\n{ \"b\" : true } ] , \"c\"\t: \"d\" }\n "
    let read = try JSONNode.parse(ArraySlice(Array(spaced.utf8)))
    #expect(String(decoding: read.serialized(), as: UTF8.self) == compact)
  }

  /// A node's text count is the length of what is written, for every kind, with or without
  /// escapes in keys and strings.
  @Test func aNodesTextCountIsTheLengthOfItsText() {
    let node = JSONNode(
      .object(
        JSONMembers([
          ("plain", JSONNode(.number("-1.5e3"))),
          ("quo\"te", JSONNode(.string("line\nbreak"))),
          ("list", JSONNode(.array([.null, JSONNode(.bool(true)), JSONNode(.bool(false))]))),
          ("empty", JSONNode(.array([]))),
          ("nothing", JSONNode(.object(JSONMembers()))),
        ])))
    #expect(node.textCount == node.serialized().count)
    #expect(
      String(decoding: node.serialized(), as: UTF8.self)
        == #"{"empty":[],"list":[null,true,false],"nothing":{},"plain":-1.5e3,"#
        + #""quo\"te":"line\nbreak"}"#)
  }

  /// A `\u` escape of half a surrogate pair names no character: a high half not followed by
  /// an escape of a low half (U+DC00 through U+DFFF), or a low half on its own, is refused
  /// rather than read as some other character.
  @Test(arguments: [
    #""\uD83C\uE000""#, #""\uDBFF\uE000""#, #""\uD83C\u0041""#, #""\uD83C\uD83C""#,
    #""\uD83C x""#, #""\uDC00""#, #""\uDFFF""#,
  ])
  func aLoneSurrogateIsRefused(_ text: String) {
    #expect(throws: JSONSyntaxError.self) { try JSONNode.parse(ArraySlice(text.utf8)) }
  }

  /// A line cut anywhere inside a string whose character is written as a surrogate pair (a
  /// recording's last line, a hand-edited one) is not one JSON value: it is refused as text
  /// that is not JSON, never read past its end into the bytes after it.
  @Test func aStringCutAnywhereInsideASurrogatePairIsRefused() throws {
    let line = Array(#""\uD83C\uDFAC"\#n{"end":{}}"#.utf8)
    let valueEnd = try #require(line.firstIndex(of: 0x0A))
    #expect(try JSONNode.parse(line[0..<valueEnd]).string == "🎬")
    for length in 0..<valueEnd {
      #expect(throws: JSONSyntaxError.self, "cut at \(length)") {
        try JSONNode.parse(line[0..<length])
      }
    }
  }

  /// The pairs at both ends of the surrogate ranges read as the characters they name.
  @Test func surrogatePairsAtTheEndsOfTheirRangesRead() throws {
    let written = #""\uD800\uDC00 \uDBFF\uDFFF""#
    #expect(try JSONNode.parse(ArraySlice(written.utf8)).string == "\u{10000} \u{10FFFF}")
  }
}
