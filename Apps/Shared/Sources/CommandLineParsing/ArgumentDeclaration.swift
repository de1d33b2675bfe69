/// One thing a command line declares and a command reads typed: an option (``Flag``,
/// ``OptionValue``), a positional argument (``Argument``), a group of them
/// (``ArgumentGroup``), or one an ancestor declares (``Inherited``).
///
/// A declaration is its own spec entry and its own reader: a command lists its declarations
/// as the stored properties of its ``Command/Arguments`` group, its spec is made from them,
/// and it reads each through the group's key path (``Parsed``), so an option cannot be
/// declared without being in the spec, nor read without being declared.
public protocol ArgumentDeclaration: Sendable {
  /// What reading the declaration gives: `Bool` for a flag, the value's type for an option
  /// or argument (optional when it may be left out and has no default).
  associatedtype Value

  /// Reads the declaration's value from a parsed command line.
  ///
  /// - Parameter arguments: A command line parsed against a spec that declares it.
  /// - Returns: The value.
  /// - Throws: ``UsageError`` when the text given is not a value of the declaration.
  func read(from arguments: ParsedArguments) throws(UsageError) -> Value
}

/// What a declaration adds to its command's spec.
package protocol SpecEntry {
  /// Appends the declaration's options and positionals.
  ///
  /// - Parameter declarations: The command's declarations so far.
  func addEntries(to declarations: inout Declarations)
}

/// The options and positionals a group declares, in declaration order, and the options it
/// reads from its ancestors.
package struct Declarations {
  /// The options the command declares.
  package var options: [Option] = []
  /// The positional arguments the command declares.
  package var positionals: [Positional] = []
  /// The options an ancestor declares and the command reads (``Inherited``).
  package var inherited: [Option] = []

  /// The declarations of `value`: a declaration or a group of them.
  ///
  /// - Parameter value: A stored property of a group.
  /// - Returns: What it declares.
  static func of(_ value: Any) -> Declarations {
    var declarations = Declarations()
    declarations.add(value, label: nil)
    return declarations
  }

  /// Adds the declarations of `value`.
  mutating func add(_ value: Any, label: String?) {
    switch value {
    case let entry as any SpecEntry:
      entry.addEntries(to: &self)
    case let group as any ArgumentGroup:
      for child in Mirror(reflecting: group).children {
        add(child.value, label: "\(type(of: group)).\(child.label ?? "?")")
      }
    default:
      preconditionFailure(
        "\(label ?? "\(type(of: value))") is not a declaration (Flag, OptionValue, Argument, "
          + "a group or Inherited): a group's stored properties are its declarations")
    }
  }
}
