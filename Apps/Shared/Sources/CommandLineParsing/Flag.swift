/// An option that takes no value (`--json`): its declaration, spec entry and reader in one.
///
/// ```swift
/// struct Arguments: CommandArguments {
///   let json = Flag("json", help: "Print JSON")
/// }
/// static func isJSON(_ arguments: Parsed<Arguments>) -> Bool {
///   arguments.json  // as the command's init reads it
/// }
/// ```
public struct Flag: ArgumentDeclaration, SpecEntry, Hashable {
  /// The option, as the spec lists it.
  public private(set) var option: Option

  /// Declares `--long`.
  ///
  /// - Parameters:
  ///   - long: The name, without the dashes.
  ///   - short: A one-letter form, if any.
  ///   - help: One line for `--help`.
  public init(_ long: String, short: Character? = nil, help: String) {
    option = .flag(long, short: short, help: help)
  }

  /// The flag accepted by the command that declares it only, not by its subcommands.
  ///
  /// - Returns: The flag, not inherited.
  public func notInherited() -> Flag {
    var flag = self
    flag.option = option.notInherited()
    return flag
  }

  /// Whether the flag is given.
  ///
  /// - Parameter arguments: The parsed command line.
  /// - Returns: `true` when it is on the command line.
  public func read(from arguments: ParsedArguments) -> Bool {
    arguments.flag(option.long)
  }

  package func addEntries(to declarations: inout Declarations) {
    declarations.options.append(option)
  }
}
