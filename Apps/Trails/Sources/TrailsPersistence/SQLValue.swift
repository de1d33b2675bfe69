/// A value bound to an SQL parameter or read from a result column.
///
/// Values always travel as bound parameters (`?`), never spliced into SQL text.
package enum SQLValue: Hashable, Sendable, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
  /// SQL `NULL`.
  case null
  /// A 64-bit integer.
  case integer(Int64)
  /// A double.
  case real(Double)
  /// UTF-8 text.
  case text(String)
  /// Bytes.
  case blob([UInt8])

  /// An integer value, so `[1, "a"]` reads as parameters.
  package init(integerLiteral value: Int64) {
    self = .integer(value)
  }

  /// A text value, so `[1, "a"]` reads as parameters.
  package init(stringLiteral value: String) {
    self = .text(value)
  }

  /// The integer, or `nil` for any other kind of value.
  package var integer: Int64? {
    if case .integer(let value) = self { value } else { nil }
  }

  /// The text, or `nil` for any other kind of value.
  package var text: String? {
    if case .text(let value) = self { value } else { nil }
  }
}
