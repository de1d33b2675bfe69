/// A command line that fits its ``CommandSpec``: the subcommand chosen, the options given
/// (or defaulted) and the positional arguments.
///
/// Commands read it through their declarations, typed (``Parsed``, ``OptionValue``,
/// ``Argument``, ``Flag``): a name is never spelled twice, so a misspelt one does not compile.
/// The readers by name are the parser's and the declarations' own, and stop the program for
/// a name the command does not declare.
public struct ParsedArguments: Hashable, Sendable {
  /// The subcommands chosen, from the root down: `["plan", "add"]` for
  /// `trails plan add ben-nevis`; empty when none was.
  let subcommandPath: [String]
  /// The positional arguments, in order.
  let positionals: [String]
  /// The usage line of the chosen command, for errors the app raises itself.
  public let usage: String
  /// The options the chosen command accepts: its own, then its ancestors'.
  private let options: [Option]
  /// The positional arguments the chosen command declares.
  private let positionalSpecs: [Positional]
  /// The name of the chosen command, for programming-error messages.
  private let commandName: String
  /// The values given, by long name.
  private let values: [String: String]
  /// The flags given, by long name.
  private let flags: Set<String>

  init(
    subcommandPath: [String], positionals: [String], usage: String, options: [Option],
    positionalSpecs: [Positional], commandName: String, values: [String: String],
    flags: Set<String>
  ) {
    self.subcommandPath = subcommandPath
    self.positionals = positionals
    self.usage = usage
    self.options = options
    self.positionalSpecs = positionalSpecs
    self.commandName = commandName
    self.values = values
    self.flags = flags
  }

  /// Whether the flag `name` was given.
  ///
  /// - Parameter name: The flag's long name, without dashes (`json`).
  /// - Returns: `true` when it was on the command line.
  func flag(_ name: String) -> Bool {
    let option = declared(name)
    precondition(!option.takesValue, "--\(name) of '\(commandName)' takes a value; use value(_:)")
    return flags.contains(name)
  }

  /// The value of the option `name`: given on the command line, or its default.
  ///
  /// - Parameter name: The option's long name, without dashes (`pages`).
  /// - Returns: The value, or `nil` when it was not given and has no default.
  func value(_ name: String) -> String? {
    let option = declared(name)
    precondition(option.takesValue, "--\(name) of '\(commandName)' is a flag; use flag(_:)")
    return values[name] ?? option.defaultValue
  }

  /// The text given for the option `name`, without its default; `nil` when it is left out.
  ///
  /// - Parameter name: The option's long name, without dashes.
  /// - Returns: The text on the command line.
  package func givenValue(_ name: String) -> String? {
    let option = declared(name)
    precondition(option.takesValue, "--\(name) of '\(commandName)' is a flag; use flag(_:)")
    return values[name]
  }

  /// Whether the option `name` was given on the command line (its default does not count).
  ///
  /// For deciding between a given value and another source, such as `--source` versus an
  /// environment variable.
  ///
  /// - Parameter name: The option's long name, without dashes.
  /// - Returns: `true` when it was on the command line.
  func isGiven(_ name: String) -> Bool {
    _ = declared(name)
    return values[name] != nil || flags.contains(name)
  }

  /// The value of the option `name`, converted to `type`.
  ///
  /// - Parameters:
  ///   - name: The option's long name, without dashes.
  ///   - type: The type to convert to.
  /// - Returns: The value, or `nil` when it was not given and has no default.
  /// - Throws: ``UsageError`` such as `--pages expects an integer, got 'x'` when the value
  ///   does not convert.
  func value<Value: ArgumentValue>(_ name: String, as type: Value.Type) throws(UsageError)
    -> Value?
  {
    guard let text = value(name) else { return nil }
    return try convert(text, as: type, naming: "--\(name)")
  }

  /// The integer option `name`, which must lie in `range`.
  ///
  /// One message covers every way to miss it: not a number, too large to be one, or outside
  /// the range (`--pages 0`, `--pages 99999999999999999999`).
  ///
  /// - Parameters:
  ///   - name: The option's long name, without dashes.
  ///   - type: `Int.self`.
  ///   - range: The values the option accepts.
  ///   - noun: What a value is, with its article, for the message: `an integer`, `a day`.
  /// - Returns: The value, or `nil` when it was not given and has no default.
  /// - Throws: ``UsageError`` such as `--pages expects an integer from 1 to 500, got '0'`.
  func value(
    _ name: String, as type: Int.Type, in range: ClosedRange<Int>, noun: String = "an integer"
  ) throws(UsageError) -> Int? {
    try value(
      name, as: type, where: range.contains,
      expecting: "\(noun) from \(range.lowerBound) to \(range.upperBound)")
  }

  /// The option `name` converted to `type`, which must also pass `isValid`.
  ///
  /// One message covers every way to miss it, and it quotes the value as the user typed it,
  /// not as it was read: `--fail-rate 2` is refused with `got '2'`, never `got '2.0'`.
  ///
  /// - Parameters:
  ///   - name: The option's long name, without dashes.
  ///   - type: The type to convert to.
  ///   - isValid: What a value must also be, beyond converting.
  ///   - expectation: What a valid value is, with its article, for the message.
  /// - Returns: The value, or `nil` when it was not given and has no default.
  /// - Throws: ``UsageError`` such as `--port expects a port from 0 to 65535, got '70000'`.
  func value<Value: ArgumentValue>(
    _ name: String, as type: Value.Type, where isValid: (Value) -> Bool,
    expecting expectation: String
  ) throws(UsageError) -> Value? {
    guard let text = value(name) else { return nil }
    guard let value = Value(argument: text), isValid(value) else {
      throw UsageError("--\(name) expects \(expectation), got '\(text)'", usage: usage)
    }
    return value
  }

  /// The positional argument at `index`.
  ///
  /// - Parameter index: Its position, from 0.
  /// - Returns: The argument, or `nil` when an optional one was left out.
  func positional(_ index: Int) -> String? {
    positionals.indices.contains(index) ? positionals[index] : nil
  }

  /// The positional argument declared as `name`.
  ///
  /// - Parameter name: The name it was declared with (`trail`).
  /// - Returns: The argument, or `nil` when an optional one was left out.
  func positional(named name: String) -> String? {
    positional(declaredPositional(name))
  }

  /// The texts of the positional argument declared as `name`: none when an optional one is
  /// left out, every one left when it repeats.
  ///
  /// - Parameter name: The name it was declared with.
  /// - Returns: The texts.
  func positionals(named name: String) -> [String] {
    let index = declaredPositional(name)
    guard positionals.indices.contains(index) else { return [] }
    return positionalSpecs[index].repeats ? Array(positionals[index...]) : [positionals[index]]
  }

  /// The positional argument declared as `name`, converted to `type`.
  ///
  /// - Parameters:
  ///   - name: The name it was declared with.
  ///   - type: The type to convert to.
  /// - Returns: The value, or `nil` when an optional one was left out.
  /// - Throws: ``UsageError`` such as `<day> expects an integer, got 'x'` when the value does
  ///   not convert.
  func positional<Value: ArgumentValue>(named name: String, as type: Value.Type)
    throws(UsageError) -> Value?
  {
    guard let text = positional(named: name) else { return nil }
    return try convert(text, as: type, naming: "<\(name)>")
  }

  private func convert<Value: ArgumentValue>(
    _ text: String, as type: Value.Type, naming label: String
  ) throws(UsageError) -> Value {
    guard let value = Value(argument: text) else {
      throw UsageError("\(label) expects \(Value.expectation), got '\(text)'", usage: usage)
    }
    return value
  }

  private func declared(_ name: String) -> Option {
    guard let option = options.first(where: { $0.long == name }) else {
      let known = options.map { "--\($0.long)" }.joined(separator: ", ")
      preconditionFailure("'\(commandName)' declares no option --\(name) (it has: \(known))")
    }
    return option
  }

  private func declaredPositional(_ name: String) -> Int {
    guard let index = positionalSpecs.firstIndex(where: { $0.name == name }) else {
      let known = positionalSpecs.map { "<\($0.name)>" }.joined(separator: ", ")
      preconditionFailure("'\(commandName)' declares no argument <\(name)> (it has: \(known))")
    }
    return index
  }
}
