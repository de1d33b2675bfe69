/// Measures and cuts text that may contain ANSI escape sequences, counting only what shows.
///
/// Width is counted in `Character`s: right for the text the apps show, wrong by one per
/// double-width (CJK, emoji) character, which the apps accept. Recognized sequences: CSI
/// (`ESC [` parameters and a final byte), OSC (`ESC ]` up to BEL or `ESC \`), and two-byte
/// `ESC x`.
enum ANSIText {
  /// One piece of a string: visible text or an escape sequence.
  enum Piece: Equatable {
    case visible(Character)
    case escape(String)
  }

  /// Splits `text` into visible characters and escape sequences.
  ///
  /// - Parameter text: The text.
  /// - Returns: The pieces, in order; an unfinished sequence at the end is an escape piece.
  static func pieces(_ text: String) -> [Piece] {
    var pieces: [Piece] = []
    var characters = text.makeIterator()
    while let character = characters.next() {
      guard character == "\u{1B}" else {
        pieces.append(.visible(character))
        continue
      }
      var sequence = String(character)
      guard let introducer = characters.next() else {
        pieces.append(.escape(sequence))
        break
      }
      sequence.append(introducer)
      switch introducer {
      case "[":
        while let next = characters.next() {
          sequence.append(next)
          if let scalar = next.unicodeScalars.first, (0x40...0x7E).contains(scalar.value) {
            break
          }
        }
      case "]":
        while let next = characters.next() {
          sequence.append(next)
          if next == "\u{07}" || sequence.hasSuffix("\u{1B}\\") { break }
        }
      default:
        break
      }
      pieces.append(.escape(sequence))
    }
    return pieces
  }

  /// The number of visible characters in `text`.
  ///
  /// - Parameter text: The text.
  /// - Returns: The count of characters outside escape sequences.
  static func visibleCount(_ text: String) -> Int {
    pieces(text).reduce(0) { count, piece in
      if case .visible = piece { count + 1 } else { count }
    }
  }

  /// `text` without its escape sequences.
  ///
  /// - Parameter text: The text.
  /// - Returns: Only the visible characters.
  static func stripped(_ text: String) -> String {
    var result = ""
    for case .visible(let character) in pieces(text) {
      result.append(character)
    }
    return result
  }

  /// `text` cut to at most `width` visible characters.
  ///
  /// Escape sequences before the cut are kept; when the cut drops anything and the kept part
  /// contains a sequence, a reset (`ESC [ 0 m`) is appended so a style cut off before its
  /// own reset does not bleed into the rest of the screen.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - width: The most visible characters to keep.
  /// - Returns: The kept text and its visible count.
  static func truncated(_ text: String, to width: Int) -> (text: String, visibleCount: Int) {
    var result = ""
    var count = 0
    var sawEscape = false
    for piece in pieces(text) {
      switch piece {
      case .visible(let character):
        guard count < width else {
          return (sawEscape ? result + Style.resetCode : result, count)
        }
        result.append(character)
        count += 1
      case .escape(let sequence):
        result += sequence
        sawEscape = true
      }
    }
    return (result, count)
  }
}
