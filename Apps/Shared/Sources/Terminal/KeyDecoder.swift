/// A pure state machine that turns the bytes a terminal sends into ``Key`` values.
///
/// Feed it each chunk of bytes as read; it returns the keys completed by that chunk and
/// keeps an unfinished escape sequence or UTF-8 character for the next call. It never looks
/// at the clock, so a lone Escape is decided by what arrived together: an `ESC` that is the
/// last byte of a chunk is ``Key/escape``, because a terminal writes an escape sequence in
/// one go. An `ESC` followed in the same chunk by anything but `[` or `O` is also
/// ``Key/escape``, and the bytes after it decode on their own (so Alt+x reads as Escape,
/// then `x`).
///
/// What it decodes:
/// - `ESC [ A`...`D` and `ESC O A`...`D`: the arrows; any other complete escape sequence is
///   ``Key/unknown(_:)`` with all its bytes.
/// - CR or LF: ``Key/enter``; CR directly followed by LF (even across chunks) is one Enter.
/// - `0x7f` and `0x08`: ``Key/backspace``; `0x03`, `0x04`, `0x15`: Control-C, -D, -U;
///   `0x09`: ``Key/tab``; other control bytes: ``Key/unknown(_:)``.
/// - UTF-8, also when a character is split across two chunks; invalid UTF-8 becomes
///   ``Key/unknown(_:)`` and decoding resumes at the next byte that can start a character.
///
/// ```swift
/// var decoder = KeyDecoder()
/// let keys = decoder.feed([0x1B, 0x5B, 0x41, 0x71])  // [.up, .character("q")]
/// ```
public struct KeyDecoder: Sendable, Equatable {
  private enum State: Sendable, Equatable {
    /// Between keys.
    case ground
    /// After `ESC`.
    case escape
    /// Inside `ESC [ ...`: every byte so far, `ESC [` included.
    case controlSequence([UInt8])
    /// After `ESC O`.
    case singleShift
    /// Inside a UTF-8 character: the bytes so far and how many it needs in all.
    case utf8([UInt8], length: Int)
  }

  private static let escapeByte: UInt8 = 0x1B
  private static let bracket: UInt8 = 0x5B
  private static let letterO: UInt8 = 0x4F
  /// Longer control sequences than this are garbage, not keys.
  private static let maximumSequenceLength = 32

  private var state = State.ground
  private var afterCarriageReturn = false

  /// Creates a decoder between keys.
  ///
  /// Use one decoder per input stream, for the stream's whole life, so characters and
  /// sequences split across reads still decode.
  public init() {}

  /// Decodes one chunk of input.
  ///
  /// Call it once per `read`, with exactly the bytes that read returned: the chunk boundary
  /// is what tells a lone Escape from the start of an escape sequence.
  ///
  /// - Parameter bytes: The bytes of one read.
  /// - Returns: The keys the chunk completed, in order; an unfinished UTF-8 character or
  ///   escape sequence waits for the next call.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    var keys: [Key] = []
    for byte in bytes {
      step(byte, into: &keys)
    }
    if state == .escape {
      keys.append(.escape)
      state = .ground
    }
    return keys
  }

  /// Ends the input: returns what an unfinished sequence amounts to and resets the decoder.
  ///
  /// Call it at end of input. An unfinished UTF-8 character or escape sequence becomes
  /// ``Key/unknown(_:)`` with its bytes.
  ///
  /// - Returns: At most one key.
  public mutating func finish() -> [Key] {
    let pending: [Key]
    switch state {
    case .ground:
      pending = []
    case .escape:
      pending = [.escape]
    case .controlSequence(let bytes), .utf8(let bytes, _):
      pending = [.unknown(bytes)]
    case .singleShift:
      pending = [.unknown([Self.escapeByte, Self.letterO])]
    }
    state = .ground
    afterCarriageReturn = false
    return pending
  }

  private mutating func step(_ byte: UInt8, into keys: inout [Key]) {
    switch state {
    case .ground:
      ground(byte, into: &keys)
    case .escape:
      if byte == Self.bracket {
        state = .controlSequence([Self.escapeByte, byte])
      } else if byte == Self.letterO {
        state = .singleShift
      } else {
        keys.append(.escape)
        state = .ground
        ground(byte, into: &keys)
      }
    case .controlSequence(var bytes):
      switch byte {
      case 0x40...0x7E:
        bytes.append(byte)
        keys.append(Self.controlSequenceKey(bytes))
        state = .ground
      case 0x20...0x3F where bytes.count < Self.maximumSequenceLength:
        bytes.append(byte)
        state = .controlSequence(bytes)
      default:
        keys.append(.unknown(bytes))
        state = .ground
        ground(byte, into: &keys)
      }
    case .singleShift:
      switch byte {
      case 0x41...0x44:
        keys.append(Self.arrow(byte))
        state = .ground
      case 0x20...0x7E:
        keys.append(.unknown([Self.escapeByte, Self.letterO, byte]))
        state = .ground
      default:
        keys.append(.unknown([Self.escapeByte, Self.letterO]))
        state = .ground
        ground(byte, into: &keys)
      }
    case .utf8(var bytes, let length):
      guard byte & 0xC0 == 0x80 else {
        keys.append(.unknown(bytes))
        state = .ground
        ground(byte, into: &keys)
        return
      }
      bytes.append(byte)
      if bytes.count < length {
        state = .utf8(bytes, length: length)
      } else {
        keys.append(Self.utf8Key(bytes))
        state = .ground
      }
    }
  }

  private mutating func ground(_ byte: UInt8, into keys: inout [Key]) {
    let followsCarriageReturn = afterCarriageReturn
    afterCarriageReturn = false
    switch byte {
    case 0x0D:
      afterCarriageReturn = true
      keys.append(.enter)
    case 0x0A:
      // The LF of a CR LF pair: the CR was the Enter.
      if !followsCarriageReturn { keys.append(.enter) }
    case Self.escapeByte:
      state = .escape
    case 0x7F, 0x08:
      keys.append(.backspace)
    case 0x03:
      keys.append(.ctrlC)
    case 0x04:
      keys.append(.ctrlD)
    case 0x15:
      keys.append(.ctrlU)
    case 0x09:
      keys.append(.tab)
    case 0x00..<0x20:
      keys.append(.unknown([byte]))
    case 0x20..<0x7F:
      keys.append(.character(Character(Unicode.Scalar(byte))))
    case 0xC2...0xDF:
      state = .utf8([byte], length: 2)
    case 0xE0...0xEF:
      state = .utf8([byte], length: 3)
    case 0xF0...0xF4:
      state = .utf8([byte], length: 4)
    default:
      // A stray continuation byte, or a byte UTF-8 never uses.
      keys.append(.unknown([byte]))
    }
  }

  private static func controlSequenceKey(_ bytes: [UInt8]) -> Key {
    guard bytes.count == 3, let final = bytes.last, (0x41...0x44).contains(final) else {
      return .unknown(bytes)
    }
    return arrow(final)
  }

  private static func arrow(_ final: UInt8) -> Key {
    switch final {
    case 0x41: .up
    case 0x42: .down
    case 0x43: .right
    default: .left
    }
  }

  private static func utf8Key(_ bytes: [UInt8]) -> Key {
    // The lead byte fixed the length; this also rejects overlong forms and surrogates.
    guard let text = String(validating: bytes, as: UTF8.self), let character = text.first else {
      return .unknown(bytes)
    }
    return .character(character)
  }
}
