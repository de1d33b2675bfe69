/// A positional argument of a command, such as `<trail>` in `trails plan add <trail>`.
///
/// Positionals are filled in order; required ones must come before optional ones. An
/// argument beyond the last positional is a usage error.
public struct Positional: Hashable, Sendable {
  /// The name shown in the help (`<trail>`) and used by ``ParsedArguments/positional(named:)``.
  public var name: String
  /// One line of help.
  public var help: String
  /// Whether the argument may be left out.
  public var isOptional: Bool

  /// Creates a positional argument.
  ///
  /// - Parameters:
  ///   - name: The name, without angle brackets.
  ///   - help: One line of help.
  ///   - isOptional: Whether it may be left out; required by default.
  public init(_ name: String, help: String, isOptional: Bool = false) {
    self.name = name
    self.help = help
    self.isOptional = isOptional
  }
}
