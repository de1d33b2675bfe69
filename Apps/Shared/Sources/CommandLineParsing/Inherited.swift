/// A declaration an ancestor command makes, read by a subcommand: the options of `trails`
/// read by `trails plan add`, `conformance`'s `--format` read by `conformance merge`.
///
/// It adds nothing to the subcommand's spec (the ancestor's option is accepted after the
/// subcommand already); ``Command/commandLine`` stops the program when no ancestor declares
/// it, so a subcommand cannot read an option nobody can give.
///
/// ```swift
/// struct TrailsArguments: CommandArguments {
///   let json = Flag("json", help: "Print JSON")
/// }
/// struct PlanAddArguments: CommandArguments {
///   let trails = Inherited(TrailsArguments())
///   let trail = Argument<String>("trail", help: "The trail's id")
/// }
/// static func isJSON(_ arguments: Parsed<PlanAddArguments>) -> Bool {
///   arguments.trails.json
/// }
/// ```
public struct Inherited<Wrapped: ArgumentDeclaration>: ArgumentDeclaration, SpecEntry {
  /// The ancestor's declaration.
  public let wrapped: Wrapped

  /// Reads `wrapped`, which an ancestor of the command declares.
  ///
  /// - Parameter wrapped: The ancestor's declaration, made as the ancestor makes it.
  public init(_ wrapped: Wrapped) {
    self.wrapped = wrapped
  }

  /// The ancestor's declaration's value.
  ///
  /// - Parameter arguments: The parsed command line.
  /// - Returns: The value.
  /// - Throws: ``UsageError`` when the text given is not a value of the declaration.
  public func read(from arguments: ParsedArguments) throws(UsageError) -> Wrapped.Value {
    try wrapped.read(from: arguments)
  }

  package func addEntries(to declarations: inout Declarations) {
    let wrapped = Declarations.of(wrapped)
    precondition(
      wrapped.positionals.isEmpty, "Inherited reads options: a positional is the command's own")
    declarations.inherited += wrapped.options + wrapped.inherited
  }
}
