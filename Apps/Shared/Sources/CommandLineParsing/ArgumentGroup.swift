/// Declarations that go together: a struct whose stored properties are ``Flag``s,
/// ``OptionValue``s, ``Argument``s, ``Inherited`` declarations and groups, in help order.
///
/// A command's ``Command/Arguments`` is a group; a group shared by commands
/// (`SourceOptions.Arguments`) is a property of theirs. Reading a group gives a ``Parsed``
/// view of it.
///
/// ```swift
/// struct Arguments: CommandArguments {
///   let pages = OptionValue<Int>("pages", valueName: "N", help: "Pages to print", default: 1)
///   let json = Flag("json", help: "Print JSON")
///   let source = SourceOptions.Arguments(service: "TMDB")
/// }
/// ```
public protocol ArgumentGroup: ArgumentDeclaration where Value == Parsed<Self> {}

extension ArgumentGroup {
  /// A view of `arguments` that reads this group's declarations.
  ///
  /// - Parameter arguments: A command line parsed against a spec that declares the group.
  /// - Returns: The view.
  public func read(from arguments: ParsedArguments) -> Parsed<Self> {
    Parsed(group: self, arguments: arguments)
  }

  /// What the group declares, for its command's spec.
  var declarations: Declarations { Declarations.of(self) }
}

/// The declarations of a command: a group made with no arguments.
public protocol CommandArguments: ArgumentGroup {
  /// The command's declarations.
  init()
}

/// The declarations of a command that takes no option or argument of its own.
public struct NoArguments: CommandArguments {
  /// Nothing declared.
  public init() {}
}
