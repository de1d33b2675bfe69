/// A positional argument (`<trail>`): its declaration, spec entry and typed reader in one.
///
/// Text that is not a value is a ``UsageError`` naming the argument, what it expects and what
/// it got.
///
/// `Value` is what reading gives, and says whether the argument is required:
/// `Argument<String>` is required (the parser reports it missing before the command is
/// made), `Argument<String?>` may be left out, `Argument<[String]>` takes every argument left
/// (`<file>...`, at least one).
///
/// ```swift
/// struct Arguments: CommandArguments {
///   let trail = Argument<String>("trail", help: "The trail's id")
/// }
/// static func trail(_ arguments: Parsed<Arguments>) throws -> String {
///   try arguments.trail  // error: missing argument <trail>, before the command is made
/// }
/// ```
public struct Argument<Value: Sendable>: ArgumentDeclaration, SpecEntry {
  /// The argument, as the spec lists it.
  public let positional: Positional
  /// The value for the texts given (none when an optional one is left out), or the refusal.
  private let make: @Sendable ([String]) -> Result<Value, OptionValue<Value>.Refusal>

  /// The value of this argument in `arguments`.
  ///
  /// - Parameter arguments: The parsed command line.
  /// - Returns: The value.
  /// - Throws: ``UsageError`` when the text is not a value of the argument.
  public func read(from arguments: ParsedArguments) throws(UsageError) -> Value {
    switch make(arguments.positionals(named: positional.name)) {
    case .success(let value): return value
    case .failure(let refusal): throw UsageError(refusal.message, usage: arguments.usage)
    }
  }

  package func addEntries(to declarations: inout Declarations) {
    declarations.positionals.append(positional)
  }

  /// `<name> expects an integer, got 'x'`.
  private static func refusal<Element: ArgumentValue>(
    _ name: String, _ text: String, _ type: Element.Type
  ) -> OptionValue<Value>.Refusal {
    .init(message: "<\(name)> expects \(Element.expectation), got '\(text)'")
  }
}

extension Argument where Value: ArgumentValue {
  /// Declares a required `<name>`: the parser reports it missing.
  ///
  /// - Parameters:
  ///   - name: The name `--help` shows between angle brackets.
  ///   - help: One line for `--help`.
  public init(_ name: String, help: String) {
    positional = Positional(name, help: help)
    make = { texts in
      guard let text = texts.first else {
        preconditionFailure("<\(name)> is required: the parser reports it missing")
      }
      return Value(argument: text).map { .success($0) }
        ?? .failure(Self.refusal(name, text, Value.self))
    }
  }
}

extension Argument {
  /// Declares an optional `[<name>]`: reading it gives `nil` when it is left out.
  ///
  /// - Parameters:
  ///   - name: The name `--help` shows between angle brackets.
  ///   - help: One line for `--help`.
  public init<Wrapped: ArgumentValue>(_ name: String, help: String) where Value == Wrapped? {
    positional = Positional(name, help: help, isOptional: true)
    make = { texts in
      guard let text = texts.first else { return .success(nil) }
      return Wrapped(argument: text).map { .success($0) }
        ?? .failure(Self.refusal(name, text, Wrapped.self))
    }
  }

  /// Declares `<name>...`, one or more arguments that take every argument left; it must be
  /// the command's last.
  ///
  /// - Parameters:
  ///   - name: The name `--help` shows between angle brackets.
  ///   - help: One line for `--help`.
  public init<Element: ArgumentValue>(repeating name: String, help: String)
  where Value == [Element] {
    positional = Positional(name, help: help, repeats: true)
    make = { texts in
      var values: [Element] = []
      for text in texts {
        guard let value = Element(argument: text) else {
          return .failure(Self.refusal(name, text, Element.self))
        }
        values.append(value)
      }
      return .success(values)
    }
  }
}
