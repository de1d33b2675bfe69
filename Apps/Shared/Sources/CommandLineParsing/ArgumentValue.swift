/// A type an option or positional value can be read as, through an ``OptionValue`` or an
/// ``Argument``.
///
/// `Int`, `Double` and `String` conform. A string enum that is `CaseIterable` gets both
/// requirements for free; conform it in the app:
///
/// ```swift
/// enum Source: String, CaseIterable, ArgumentValue { case fixtures, live }
/// let source = OptionValue<Source?>("source", valueName: "SOURCE", help: "Where from")
/// // error: --source expects one of 'fixtures', 'live', got 'web'
/// ```
public protocol ArgumentValue: Sendable {
  /// Creates a value from the argument's text, or `nil` when it is not valid.
  ///
  /// - Parameter argument: The text given on the command line.
  init?(argument: String)

  /// What a valid value looks like, for the error message: `an integer`.
  static var expectation: String { get }
}

extension Int: ArgumentValue {
  /// Parses a decimal integer, with an optional sign.
  ///
  /// - Parameter argument: The text given on the command line.
  public init?(argument: String) {
    self.init(argument)
  }

  /// `an integer`.
  public static var expectation: String { "an integer" }
}

extension Double: ArgumentValue {
  /// Parses a decimal number; rejects `nan` and infinities.
  ///
  /// - Parameter argument: The text given on the command line.
  public init?(argument: String) {
    guard let value = Double(argument), value.isFinite else { return nil }
    self = value
  }

  /// `a number`.
  public static var expectation: String { "a number" }
}

extension String: ArgumentValue {
  /// Takes the text as it is.
  ///
  /// - Parameter argument: The text given on the command line.
  public init?(argument: String) {
    self = argument
  }

  /// `a string`.
  public static var expectation: String { "a string" }
}

extension ArgumentValue where Self: CaseIterable & RawRepresentable, RawValue == String {
  /// Takes the case whose raw value is the text.
  ///
  /// - Parameter argument: The text given on the command line.
  public init?(argument: String) {
    self.init(rawValue: argument)
  }

  /// `one of 'a', 'b'`, listing every case's raw value.
  public static var expectation: String {
    "one of " + allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
  }
}
