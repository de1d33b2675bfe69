/// A parsed command line read through the declarations of a group: `arguments.pages` is the
/// value of the group's `pages` option, typed, and a name the group does not declare does
/// not compile.
///
/// ```swift
/// struct Arguments: CommandArguments {
///   let pages = OptionValue<Int>("pages", valueName: "N", help: "Pages to print", default: 1)
///   let json = Flag("json", help: "Print JSON")
///   let source = SourceOptions.Arguments(service: "TMDB")
/// }
/// static func read(_ arguments: Parsed<Arguments>) throws -> (Int, Bool, SourceOptions) {
///   let pages = try arguments.pages  // Int: the option has a default
///   let json = arguments.json  // Bool
///   let source = try SourceOptions(arguments.source)  // a group, read through its own view
///   return (pages, json, source)
/// }
/// ```
@dynamicMemberLookup
public struct Parsed<Group: ArgumentGroup>: Sendable {
  /// The declarations read.
  let group: Group
  /// The parsed command line.
  let arguments: ParsedArguments

  /// The usage line of the chosen command, for the usage errors the command raises itself.
  public var usage: String { arguments.usage }

  /// A view of `arguments` through `group`.
  init(group: Group, arguments: ParsedArguments) {
    self.group = group
    self.arguments = arguments
  }

  /// The value of the declaration at `path`.
  ///
  /// - Parameter path: A declaration of the group.
  /// - Returns: Its value.
  /// - Throws: ``UsageError`` when the text given is not a value of the declaration.
  public subscript<Declaration: ArgumentDeclaration>(
    dynamicMember path: KeyPath<Group, Declaration>
  ) -> Declaration.Value {
    get throws(UsageError) { try group[keyPath: path].read(from: arguments) }
  }

  /// Whether the flag at `path` is given.
  ///
  /// - Parameter path: A flag of the group.
  public subscript(dynamicMember path: KeyPath<Group, Flag>) -> Bool {
    group[keyPath: path].read(from: arguments)
  }

  /// The group at `path`, read through its own declarations.
  ///
  /// - Parameter path: A group inside this one.
  public subscript<Inner: ArgumentGroup>(
    dynamicMember path: KeyPath<Group, Inner>
  ) -> Parsed<Inner> {
    Parsed<Inner>(group: group[keyPath: path], arguments: arguments)
  }

  /// The ancestor's group at `path`, read through its own declarations.
  ///
  /// - Parameter path: An inherited group.
  public subscript<Inner: ArgumentGroup>(
    dynamicMember path: KeyPath<Group, Inherited<Inner>>
  ) -> Parsed<Inner> {
    Parsed<Inner>(group: group[keyPath: path].wrapped, arguments: arguments)
  }

  /// Whether the option at `path` is on the command line (its default does not count).
  ///
  /// For deciding between a given value and another source, or refusing two options
  /// together.
  ///
  /// - Parameter path: An option of the group.
  /// - Returns: `true` when it was given.
  public func isGiven<Value>(_ path: KeyPath<Group, OptionValue<Value>>) -> Bool {
    arguments.isGiven(group[keyPath: path].option.long)
  }
}
