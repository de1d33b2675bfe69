/// A positional argument (`<trail>`), declared once with its type and read typed: text that
/// is not a value is a ``UsageError`` naming the argument, what it expects and what it got.
///
/// ```swift
/// static let trail = Argument<String>("trail", help: "The trail's id")
/// // in the spec: positionals: [trail.positional]; in init: try arguments.value(Self.trail)
/// ```
public struct Argument<Value: ArgumentValue>: Sendable {
  /// The argument, for a spec's positional list.
  public let positional: Positional

  /// Declares `<name>`.
  ///
  /// - Parameters:
  ///   - name: The name `--help` shows between angle brackets.
  ///   - help: One line for `--help`.
  ///   - isOptional: Whether the command runs without it.
  public init(_ name: String, help: String, isOptional: Bool = false) {
    positional = Positional(name, help: help, isOptional: isOptional)
  }
}

extension ParsedArguments {
  /// The value of `argument`, or `nil` when an optional one is not given.
  ///
  /// - Parameter argument: An argument the parsed command's spec declares.
  /// - Returns: The value.
  /// - Throws: ``UsageError`` when the text is not a value of the argument.
  public func value<Value>(_ argument: Argument<Value>) throws(UsageError) -> Value? {
    try positional(named: argument.positional.name, as: Value.self)
  }
}
