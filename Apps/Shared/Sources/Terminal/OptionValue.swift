/// An option that takes a value (`--pages N`), declared once with its type and read typed: a
/// value that is not one is a ``UsageError`` naming the option, what it expects and what it
/// got.
///
/// ```swift
/// static let pages = OptionValue<Int>(
///   "pages", valueName: "N", help: "Print the first N pages", in: 1...500)
/// // in the spec: options: [pages.option]; in init: try arguments.value(Self.pages)
/// ```
public struct OptionValue<Value: ArgumentValue>: Sendable {
  /// The option, for a spec's option list.
  public let option: Option
  /// What a value must also be, beyond reading as `Value`, and how a refusal says it.
  private let rule: (@Sendable (Value) -> Bool, expectation: String)?

  /// Declares `--long VALUE`.
  ///
  /// - Parameters:
  ///   - long: The name, without the dashes.
  ///   - short: A one-letter form, if any.
  ///   - valueName: The value's name in `--help` (`N`, `PATH`).
  ///   - help: One line for `--help`.
  ///   - defaultValue: The text read when the option is not given.
  public init(
    _ long: String, short: Character? = nil, valueName: String? = nil, help: String,
    default defaultValue: String? = nil
  ) {
    option = .value(
      long, short: short, valueName: valueName, help: help, default: defaultValue)
    rule = nil
  }

  /// The value of this option in `arguments` (its default when not given), or `nil`.
  func read(from arguments: ParsedArguments) throws(UsageError) -> Value? {
    guard let text = arguments.value(option.long) else { return nil }
    guard let value = Value(argument: text), rule.map({ $0.0(value) }) ?? true else {
      let expected = rule?.expectation ?? Value.expectation
      throw UsageError(
        "--\(option.long) expects \(expected), got '\(text)'", usage: arguments.usage)
    }
    return value
  }

  private init(option: Option, rule: (@Sendable (Value) -> Bool, expectation: String)) {
    self.option = option
    self.rule = rule
  }
}

extension OptionValue where Value == Int {
  /// Declares `--long N`, an integer in `range`.
  ///
  /// - Parameters:
  ///   - long: The name, without the dashes.
  ///   - short: A one-letter form, if any.
  ///   - valueName: The value's name in `--help`.
  ///   - help: One line for `--help`.
  ///   - defaultValue: The text read when the option is not given.
  ///   - range: The integers it takes.
  ///   - noun: What the value is, for the refusal (`a day`): `--day expects a day from 1 to
  ///     14, got '0'`.
  public init(
    _ long: String, short: Character? = nil, valueName: String? = nil, help: String,
    default defaultValue: String? = nil, in range: ClosedRange<Int>,
    noun: String = "an integer"
  ) {
    self.init(
      option: .value(
        long, short: short, valueName: valueName, help: help, default: defaultValue),
      rule: (
        { range.contains($0) },
        expectation: "\(noun) from \(range.lowerBound) to \(range.upperBound)"
      ))
  }
}

extension ParsedArguments {
  /// The value of `option`: given, else its default, else `nil`.
  ///
  /// - Parameter option: An option the parsed command's spec declares.
  /// - Returns: The value.
  /// - Throws: ``UsageError`` when the text is not a value of the option.
  public func value<Value>(_ option: OptionValue<Value>) throws(UsageError) -> Value? {
    try option.read(from: self)
  }
}
