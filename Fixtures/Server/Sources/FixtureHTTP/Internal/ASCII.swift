/// The bytes and byte classes HTTP's grammar is written in.
enum ASCII {
  static let tab = UInt8(ascii: "\t")
  static let lineFeed = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let space = UInt8(ascii: " ")
  static let colon = UInt8(ascii: ":")

  /// A `tchar` of RFC 9110: the bytes a method or field name is made of.
  static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default:
      Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
    }
  }

  /// A decimal digit.
  static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  /// A visible character (`VCHAR`): what a request target may hold.
  static func isVisible(_ byte: UInt8) -> Bool {
    (0x21...0x7E).contains(byte)
  }

  /// A control byte that may not appear anywhere in a request head: everything below space
  /// except tab, CR and LF (which the scanner handles), and DEL.
  static func isForbiddenControl(_ byte: UInt8) -> Bool {
    (byte < 0x20 && byte != tab && byte != carriageReturn && byte != lineFeed) || byte == 0x7F
  }
}
