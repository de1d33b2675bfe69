/// A positional argument of a command, such as `<trail>` in `trails plan add <trail>`.
///
/// Positionals are filled in order; required ones must come before optional ones. An
/// argument beyond the last positional is a usage error, unless the last one repeats
/// (`<file>...`), which takes every argument left.
public struct Positional: Hashable, Sendable {
  /// The name shown in the help (`<trail>`) and in a refusal of its value.
  public var name: String
  /// One line of help.
  public var help: String
  /// Whether the argument may be left out.
  public var isOptional: Bool
  /// Whether it takes every argument left (`<file>...`); only the last positional may.
  public var repeats: Bool

  /// Creates a positional argument.
  ///
  /// - Parameters:
  ///   - name: The name, without angle brackets.
  ///   - help: One line of help.
  ///   - isOptional: Whether it may be left out; required by default.
  ///   - repeats: Whether it takes every argument left; only the last positional may.
  public init(_ name: String, help: String, isOptional: Bool = false, repeats: Bool = false) {
    self.name = name
    self.help = help
    self.isOptional = isOptional
    self.repeats = repeats
  }

  /// How the help's synopsis shows it: `<name>`, `[<name>]`, with `...` when it repeats.
  var synopsis: String {
    let word = "<\(name)>" + (repeats ? "..." : "")
    return isOptional ? "[\(word)]" : word
  }
}
