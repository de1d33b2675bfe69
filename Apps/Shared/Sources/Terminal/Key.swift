/// One key press, decoded from the bytes a terminal sends in raw mode.
///
/// ``KeyDecoder`` turns bytes into keys; ``KeyReader`` reads them from a file descriptor.
/// Printable input, including multi-byte UTF-8, arrives as ``character(_:)``; control keys
/// that the apps act on have their own cases; anything else arrives as ``unknown(_:)`` with
/// the bytes that made it, so an app can ignore it (or log it) without losing sync.
///
/// ```swift
/// switch key {
/// case .character("q"), .ctrlC: quit()
/// case .down, .character("j"): next()
/// default: break
/// }
/// ```
public enum Key: Hashable, Sendable {
  /// A printable character: ASCII or one Unicode scalar decoded from UTF-8.
  case character(Character)
  /// Return or Enter (CR, LF, or CR LF as one key).
  case enter
  /// Backspace (DEL `0x7f` or BS `0x08`).
  case backspace
  /// Escape pressed on its own.
  case escape
  /// The up arrow (`ESC [ A` or `ESC O A`).
  case up
  /// The down arrow (`ESC [ B` or `ESC O B`).
  case down
  /// The left arrow (`ESC [ D` or `ESC O D`).
  case left
  /// The right arrow (`ESC [ C` or `ESC O C`).
  case right
  /// Control-C (`0x03`), delivered as a key because raw mode turns signals off.
  case ctrlC
  /// Control-D (`0x04`), end of input by convention.
  case ctrlD
  /// Control-U (`0x15`), erase the line by convention.
  case ctrlU
  /// Tab (`0x09`).
  case tab
  /// Bytes that form no key this type knows: other control bytes, other escape sequences
  /// (function keys, modified arrows), invalid or truncated UTF-8.
  case unknown([UInt8])
}
