/// An optional that `--json` output writes as `null` when it is absent, instead of leaving
/// its key out, so every document of a kind has the same keys.
///
/// ```swift
/// struct MovieLine: Encodable {
///   let title: String
///   @JSONNullable var year: Int?  // "year": null when unknown
/// }
/// ```
@propertyWrapper
public struct JSONNullable<Value: Encodable & Sendable>: Encodable, Sendable {
  /// The value, or `nil` for `null`.
  public var wrappedValue: Value?

  /// Wraps `wrappedValue`.
  ///
  /// - Parameter wrappedValue: The value, or `nil`.
  public init(wrappedValue: Value?) {
    self.wrappedValue = wrappedValue
  }

  /// Writes the value, or `null`.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if let wrappedValue {
      try container.encode(wrappedValue)
    } else {
      try container.encodeNil()
    }
  }
}
