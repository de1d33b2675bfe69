/// An option that takes a value (`--pages N`): its declaration, spec entry, default and typed
/// reader in one.
///
/// Text that is not a value is a ``UsageError`` naming the option, what it
/// expects and what it got, as typed.
///
/// `Value` is what reading gives: an option with a default reads as its type
/// (`OptionValue<Int>`), one without as an optional (`OptionValue<Int?>`, `nil` when left
/// out). The default is written once, as a value, and `--help` shows it.
///
/// ```swift
/// struct Arguments: CommandArguments {
///   let pages = OptionValue<Int>(
///     "pages", valueName: "N", help: "Print the first N pages", default: 1, in: 1...500)
///   let language = OptionValue<String?>("language", valueName: "CODE", help: "The language")
/// }
/// static func read(_ arguments: Parsed<Arguments>) throws -> (pages: Int, language: String?) {
///   // error: --pages expects an integer from 1 to 500, got '0'
///   (try arguments.pages, try arguments.language)
/// }
/// ```
public struct OptionValue<Value: Sendable>: ArgumentDeclaration, SpecEntry {
  /// The option, as the spec lists it.
  public private(set) var option: Option
  /// The value for the text given (`nil` when the option is left out), or the refusal's
  /// message for text that is not one.
  private let make: @Sendable (String?) -> Result<Value, Refusal>

  /// Text that is not a value of the option: what to say.
  struct Refusal: Error {
    let message: String
  }

  /// The value of this option in `arguments`.
  ///
  /// - Parameter arguments: The parsed command line.
  /// - Returns: The value given, else the default (or `nil` for an optional value).
  /// - Throws: ``UsageError`` when the text is not a value of the option.
  public func read(from arguments: ParsedArguments) throws(UsageError) -> Value {
    switch make(arguments.givenValue(option.long)) {
    case .success(let value): return value
    case .failure(let refusal): throw UsageError(refusal.message, usage: arguments.usage)
    }
  }

  /// The option accepted by the command that declares it only, not by its subcommands:
  /// `conformance --seed` sets how a run explores, and `conformance merge --seed` is refused as
  /// an unknown option.
  ///
  /// - Returns: The option, not inherited.
  public func notInherited() -> OptionValue {
    var copy = self
    copy.option = option.notInherited()
    return copy
  }

  package func addEntries(to declarations: inout Declarations) {
    declarations.options.append(option)
  }

  private init(
    _ long: String, short: Character?, valueName: String?, help: String, shownDefault: String?,
    make: @escaping @Sendable (String?) -> Result<Value, Refusal>
  ) {
    option = .value(
      long, short: short, valueName: valueName, help: help, default: shownDefault)
    self.make = make
  }

  /// Declares `--long VALUE` with a default, read by `parse`.
  ///
  /// - Parameters:
  ///   - long: The name, without the dashes.
  ///   - short: A one-letter form, if any.
  ///   - valueName: The value's name in `--help` (`N`, `PATH`).
  ///   - help: One line for `--help`.
  ///   - defaultValue: The value when the option is left out; `--help` shows it.
  ///   - parse: The value the text given is, or `nil` when it is none.
  ///   - refusal: The whole message for text that is not a value (`--search takes random,
  ///     pct-D or exhaustive-P, got 'x'`).
  public init(
    _ long: String, short: Character? = nil, valueName: String? = nil, help: String,
    default defaultValue: Value, parse: @escaping @Sendable (String) -> Value?,
    refusal: @escaping @Sendable (_ text: String) -> String
  ) {
    self.init(
      long, short: short, valueName: valueName, help: help,
      shownDefault: String(describing: defaultValue)
    ) { text in
      guard let text else { return .success(defaultValue) }
      return parse(text).map { .success($0) } ?? .failure(Refusal(message: refusal(text)))
    }
  }

  /// Declares `--long VALUE` with a default, read by `parse`: text that is none is refused
  /// as `--long expects <expectation>, got '<text>'`.
  ///
  /// - Parameters:
  ///   - long: The name, without the dashes.
  ///   - short: A one-letter form, if any.
  ///   - valueName: The value's name in `--help` (`N`, `PATH`).
  ///   - help: One line for `--help`.
  ///   - defaultValue: The value when the option is left out; `--help` shows it.
  ///   - parse: The value the text given is, or `nil` when it is none.
  ///   - expectation: What a value is, with its article: `a port from 0 to 65535`.
  public init(
    _ long: String, short: Character? = nil, valueName: String? = nil, help: String,
    default defaultValue: Value, parse: @escaping @Sendable (String) -> Value?,
    expecting expectation: String
  ) {
    self.init(
      long, short: short, valueName: valueName, help: help, default: defaultValue,
      parse: parse, refusal: { "--\(long) expects \(expectation), got '\($0)'" })
  }

  /// Declares `--long VALUE` with no default, read by `parse`; reading it gives `nil` when
  /// it is left out.
  ///
  /// - Parameters:
  ///   - long: The name, without the dashes.
  ///   - short: A one-letter form, if any.
  ///   - valueName: The value's name in `--help` (`N`, `PATH`).
  ///   - help: One line for `--help`.
  ///   - parse: The value the text given is, or `nil` when it is none.
  ///   - refusal: The whole message for text that is not a value.
  public init<Wrapped: Sendable>(
    _ long: String, short: Character? = nil, valueName: String? = nil, help: String,
    parse: @escaping @Sendable (String) -> Wrapped?,
    refusal: @escaping @Sendable (_ text: String) -> String
  ) where Value == Wrapped? {
    self.init(long, short: short, valueName: valueName, help: help, shownDefault: nil) { text in
      guard let text else { return .success(nil) }
      return parse(text).map { .success($0) } ?? .failure(Refusal(message: refusal(text)))
    }
  }

  /// Declares `--long VALUE` with no default, read by `parse`: text that is none is refused
  /// as `--long expects <expectation>, got '<text>'`.
  ///
  /// - Parameters:
  ///   - long: The name, without the dashes.
  ///   - short: A one-letter form, if any.
  ///   - valueName: The value's name in `--help` (`N`, `PATH`).
  ///   - help: One line for `--help`.
  ///   - parse: The value the text given is, or `nil` when it is none.
  ///   - expectation: What a value is, with its article.
  public init<Wrapped: Sendable>(
    _ long: String, short: Character? = nil, valueName: String? = nil, help: String,
    parse: @escaping @Sendable (String) -> Wrapped?, expecting expectation: String
  ) where Value == Wrapped? {
    self.init(
      long, short: short, valueName: valueName, help: help, parse: parse,
      refusal: { "--\(long) expects \(expectation), got '\($0)'" })
  }
}

extension OptionValue where Value: ArgumentValue {
  /// Declares `--long VALUE` with a default.
  ///
  /// - Parameters:
  ///   - long: The name, without the dashes.
  ///   - short: A one-letter form, if any.
  ///   - valueName: The value's name in `--help` (`N`, `PATH`).
  ///   - help: One line for `--help`.
  ///   - defaultValue: The value when the option is left out; `--help` shows it.
  ///   - isValid: What a value must also be, beyond reading as `Value`; anything by default.
  ///   - expectation: What a valid value is, for the refusal; `Value`'s by default.
  public init(
    _ long: String, short: Character? = nil, valueName: String? = nil, help: String,
    default defaultValue: Value, where isValid: @escaping @Sendable (Value) -> Bool = { _ in true },
    expecting expectation: String = Value.expectation
  ) {
    self.init(
      long, short: short, valueName: valueName, help: help, default: defaultValue,
      parse: { Value(argument: $0).flatMap { isValid($0) ? $0 : nil } }, expecting: expectation)
  }
}

extension OptionValue {
  /// Declares `--long VALUE` with no default; reading it gives `nil` when it is left out.
  ///
  /// - Parameters:
  ///   - long: The name, without the dashes.
  ///   - short: A one-letter form, if any.
  ///   - valueName: The value's name in `--help` (`N`, `PATH`).
  ///   - help: One line for `--help`.
  ///   - isValid: What a value must also be, beyond reading as `Wrapped`; anything by
  ///     default.
  ///   - expectation: What a valid value is, for the refusal; `Wrapped`'s by default.
  public init<Wrapped: ArgumentValue>(
    _ long: String, short: Character? = nil, valueName: String? = nil, help: String,
    where isValid: @escaping @Sendable (Wrapped) -> Bool = { _ in true },
    expecting expectation: String = Wrapped.expectation
  ) where Value == Wrapped? {
    self.init(
      long, short: short, valueName: valueName, help: help,
      parse: { Wrapped(argument: $0).flatMap { isValid($0) ? $0 : nil } },
      expecting: expectation)
  }
}

extension OptionValue where Value == Int {
  /// Declares `--long N`, an integer in `range`, with a default.
  ///
  /// - Parameters:
  ///   - long: The name, without the dashes.
  ///   - short: A one-letter form, if any.
  ///   - valueName: The value's name in `--help`.
  ///   - help: One line for `--help`.
  ///   - defaultValue: The value when the option is left out; `--help` shows it.
  ///   - range: The integers it takes.
  ///   - noun: What the value is, for the refusal (`a day`): `--day expects a day from 1 to
  ///     14, got '0'`.
  public init(
    _ long: String, short: Character? = nil, valueName: String? = nil, help: String,
    default defaultValue: Int, in range: ClosedRange<Int>, noun: String = "an integer"
  ) {
    self.init(
      long, short: short, valueName: valueName, help: help, default: defaultValue,
      where: { range.contains($0) }, expecting: Self.expectation(noun, range))
  }
}

extension OptionValue where Value == Int? {
  /// Declares `--long N`, an integer in `range`, with no default.
  ///
  /// - Parameters:
  ///   - long: The name, without the dashes.
  ///   - short: A one-letter form, if any.
  ///   - valueName: The value's name in `--help`.
  ///   - help: One line for `--help`.
  ///   - range: The integers it takes.
  ///   - noun: What the value is, for the refusal (`a day`).
  public init(
    _ long: String, short: Character? = nil, valueName: String? = nil, help: String,
    in range: ClosedRange<Int>, noun: String = "an integer"
  ) {
    self.init(
      long, short: short, valueName: valueName, help: help, where: { range.contains($0) },
      expecting: OptionValue<Int>.expectation(noun, range))
  }
}

extension OptionValue<Int> {
  /// `a day from 1 to 14`.
  static func expectation(_ noun: String, _ range: ClosedRange<Int>) -> String {
    "\(noun) from \(range.lowerBound) to \(range.upperBound)"
  }
}
