/// A named option of a command: a boolean flag (`--json`) or an option taking a value
/// (`--pages 3`, `--pages=3`, `-p 3`).
///
/// Build options with ``flag(_:short:help:)`` and ``value(_:short:valueName:help:default:)``
/// and list them in a ``CommandSpec``. Options of a command are also accepted after its
/// subcommands (`trails plan add ben --json`), so declare app-wide options (`--json`,
/// `--source`) once, on the root.
///
/// ```swift
/// let options: [Option] = [
///   .value("pages", short: "p", valueName: "n", help: "How many pages to load.", default: "1"),
///   .flag("json", help: "Print JSON instead of text."),
/// ]
/// ```
public struct Option: Hashable, Sendable {
  /// The long name, without dashes (`pages` for `--pages`), which accessors use.
  public var long: String
  /// The one-letter short name, without the dash: `p` for `-p`.
  public var short: Character?
  /// What the help shows for the value (`n` gives `--pages <n>`); the long name by default.
  public var valueName: String
  /// One line of help.
  public var help: String
  /// Whether the option takes a value; a flag does not.
  public var takesValue: Bool
  /// The value used when the option is not given; shown in the help.
  public var defaultValue: String?
  /// Whether the command's subcommands accept it too (the default), or only the command
  /// that declares it.
  public var isInherited: Bool

  /// Creates an option.
  ///
  /// ``flag(_:short:help:)`` and ``value(_:short:valueName:help:default:)`` read better.
  ///
  /// - Parameters:
  ///   - long: The long name, without dashes.
  ///   - short: The short name, without the dash.
  ///   - valueName: The name of the value in the help; the long name when `nil`.
  ///   - help: One line of help.
  ///   - takesValue: Whether the option takes a value.
  ///   - defaultValue: The value when the option is not given.
  public init(
    long: String, short: Character? = nil, valueName: String? = nil, help: String,
    takesValue: Bool, defaultValue: String? = nil
  ) {
    self.long = long
    self.short = short
    self.valueName = valueName ?? long
    self.help = help
    self.takesValue = takesValue
    self.defaultValue = defaultValue
    self.isInherited = true
  }

  /// The option accepted by the command that declares it only, not by its subcommands:
  /// `conformance --seed` sets how a run explores, and `conformance merge --seed` is refused as
  /// an unknown option.
  ///
  /// - Returns: The option, not inherited.
  public func notInherited() -> Option {
    var option = self
    option.isInherited = false
    return option
  }

  /// A boolean flag: present or not, never a value.
  ///
  /// `--json=yes` is a usage error.
  ///
  /// - Parameters:
  ///   - long: The long name, without dashes.
  ///   - short: The short name, without the dash.
  ///   - help: One line of help.
  /// - Returns: The option.
  public static func flag(_ long: String, short: Character? = nil, help: String) -> Option {
    Option(long: long, short: short, help: help, takesValue: false)
  }

  /// An option that takes a value.
  ///
  /// Declare and read it typed through an ``OptionValue``.
  ///
  /// - Parameters:
  ///   - long: The long name, without dashes.
  ///   - short: The short name, without the dash.
  ///   - valueName: The name of the value in the help; the long name when `nil`.
  ///   - help: One line of help.
  ///   - defaultValue: The value when the option is not given, shown in the help.
  /// - Returns: The option.
  public static func value(
    _ long: String, short: Character? = nil, valueName: String? = nil, help: String,
    default defaultValue: String? = nil
  ) -> Option {
    Option(
      long: long, short: short, valueName: valueName, help: help, takesValue: true,
      defaultValue: defaultValue)
  }
}
