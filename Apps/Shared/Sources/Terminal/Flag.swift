/// An option that takes no value (`--json`), declared once and read by value.
///
/// ```swift
/// static let json = Flag("json", help: "Print JSON")
/// // in the spec: options: [json.option]; in init: arguments[Self.json]
/// ```
public struct Flag: Hashable, Sendable {
  /// The option, for a spec's option list.
  public let option: Option

  /// Declares `--long`.
  ///
  /// - Parameters:
  ///   - long: The name, without the dashes.
  ///   - short: A one-letter form, if any.
  ///   - help: One line for `--help`.
  public init(_ long: String, short: Character? = nil, help: String) {
    option = .flag(long, short: short, help: help)
  }
}

extension ParsedArguments {
  /// Whether `flag` is given.
  ///
  /// - Parameter flag: A flag the parsed command's spec declares.
  public subscript(flag: Flag) -> Bool {
    self.flag(flag.option.long)
  }
}
