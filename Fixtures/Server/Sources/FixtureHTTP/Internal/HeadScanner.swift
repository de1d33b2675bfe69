/// Finds the lines of a request head in a buffer, rejecting bytes no head may hold.
enum HeadScanner {
  /// How far the scan got.
  enum Outcome {
    /// The head ended: its lines (without line endings; the first is the request line) and
    /// the index just past the empty line that ends it.
    case complete(lines: [ArraySlice<UInt8>], end: Int)
    /// No end yet; the request line, when its line has ended, so it can be checked early.
    case partial(firstLine: ArraySlice<UInt8>?)
  }

  /// Scans `buffer` for a head: empty lines first are skipped, then lines up to an empty one.
  ///
  /// - Throws: A 400 ``HTTPParseError`` for a forbidden control byte, a CR not followed by
  ///   LF, or more than `maximumHeadSize` bytes without the head ending.
  static func scan(_ buffer: [UInt8], maximumHeadSize: Int) throws(HTTPParseError) -> Outcome {
    let tooLarge = HTTPParseError(
      status: 400, reason: "the request head is larger than \(maximumHeadSize) bytes")
    var start = 0
    while start < buffer.count {
      if buffer[start] == ASCII.lineFeed {
        start += 1
      } else if buffer[start] == ASCII.carriageReturn, start + 1 < buffer.count,
        buffer[start + 1] == ASCII.lineFeed
      {
        start += 2
      } else {
        break
      }
      guard start <= maximumHeadSize else { throw tooLarge }
    }
    var lines: [ArraySlice<UInt8>] = []
    var lineStart = start
    var cursor = start
    while cursor < buffer.count {
      guard cursor - start < maximumHeadSize else { throw tooLarge }
      let byte = buffer[cursor]
      if ASCII.isForbiddenControl(byte) {
        throw HTTPParseError(
          status: 400, reason: "a control byte (0x\(String(byte, radix: 16))) in the request head")
      }
      if byte == ASCII.carriageReturn, cursor + 1 < buffer.count,
        buffer[cursor + 1] != ASCII.lineFeed
      {
        throw HTTPParseError(status: 400, reason: "a CR not followed by LF in the request head")
      }
      if byte == ASCII.lineFeed {
        var lineEnd = cursor
        if lineEnd > lineStart, buffer[lineEnd - 1] == ASCII.carriageReturn { lineEnd -= 1 }
        // Leading empty lines were skipped above, so an empty line here ends a head that
        // has its request line.
        if lineEnd == lineStart { return .complete(lines: lines, end: cursor + 1) }
        lines.append(buffer[lineStart..<lineEnd])
        lineStart = cursor + 1
      }
      cursor += 1
    }
    return .partial(firstLine: lines.first)
  }
}
