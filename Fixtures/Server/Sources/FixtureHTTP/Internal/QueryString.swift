/// Decoding of a URL query such as `query=star%20wars&page=2`.
enum QueryString {
  /// The `name=value` pairs of `query`, in order, each decoded by ``decode(_:)``.
  ///
  /// Empty pieces (`a=1&&b=2`) are skipped; a piece without `=` has an empty value.
  static func items(in query: Substring) -> [(name: String, value: String)] {
    query.split(separator: "&").map { piece in
      guard let equals = piece.firstIndex(of: "=") else { return (decode(piece), "") }
      return (decode(piece[..<equals]), decode(piece[piece.index(after: equals)...]))
    }
  }

  /// `text` with `+` read as a space and each `%XX` as the byte it names, then as UTF-8.
  ///
  /// A `%` not followed by two hexadecimal digits stays as it is; bytes that are not valid
  /// UTF-8 become U+FFFD.
  static func decode(_ text: Substring) -> String {
    let bytes = Array(text.utf8)
    var decoded: [UInt8] = []
    decoded.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "+") {
        decoded.append(UInt8(ascii: " "))
        index += 1
      } else if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
        let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
      {
        decoded.append(high << 4 | low)
        index += 3
      } else {
        decoded.append(byte)
        index += 1
      }
    }
    return String(decoding: decoded, as: UTF8.self)
  }

  /// The value of one hexadecimal digit, or `nil` when `byte` is not one.
  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
