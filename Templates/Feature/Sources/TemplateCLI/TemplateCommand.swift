import AppCLI
import CommandLineParsing
import Loop
import TemplateFeature
import Terminal

/// The `template` command: the composition root and the renderer, nothing more.
///
/// It builds the machine with real dependencies, sends the user's input and prints the state
/// it settles in; decisions about behaviour belong in the feature, where tests and the
/// contract reach them.
public struct TemplateCommand: Command {
  /// What `template` accepts: each option and argument declared once, with its help.
  public struct Arguments: CommandArguments {
    let json = Flag("json", help: "Print JSON instead of text")
    let query = Argument<String>("query", help: "The term to look up, such as 'reducer'")

    /// The declarations.
    public init() {}
  }

  /// What `template` is.
  public static let spec = CommandSpec(
    name: "template",
    abstract: "Look a term up in the built-in glossary (after a 300 ms pause, as when typing).",
    version: "1.0.0")

  private let query: String
  private let json: Bool

  /// Reads the command line: a blank query is a usage error.
  ///
  /// - Parameters:
  ///   - arguments: The parsed command line.
  ///   - environment: The process environment.
  /// - Throws: ``UsageError`` for a blank query.
  public init(_ arguments: Parsed<Arguments>, environment: [String: String]) throws {
    query = try arguments.query
    json = arguments.json
    guard !Template.term(for: query).isEmpty else {
      throw UsageError("<query> is blank", usage: arguments.usage)
    }
  }

  /// Looks the query up and prints the definition, or fails with the lookup's error.
  ///
  /// - Throws: `LookupFailed` (exit 1) when the lookup fails.
  public func run() async throws {
    // Replace these with your feature's live dependencies.
    let machine = Template(glossary: .fixtures, clock: ContinuousClock())
    let store = Store(initial: Template.State(), machine: machine)
    store.send(.queryChanged(query))
    // Settled: nothing is waiting to be looked up.
    let final = await store.first { $0.status.pendingTerm == nil } ?? store.state
    store.cancel()

    var output = Output(query: query, term: Template.term(for: query))
    switch final.status {
    case .answered(_, let definition): output.definition = definition
    case .failed(_, let message): output.error = message
    case .idle, .waiting: output.error = "the lookup did not finish"
    }
    if json {
      try JSONOutput.write(output)
      if output.error != nil { throw ExitCode.failure }
    } else if let error = output.error {
      throw LookupFailed(userMessage: error)
    } else {
      StandardOutput.writeLine("\(output.term): \(output.definition ?? "")")
    }
  }

  /// What `--json` prints: the query and either the definition or the error.
  struct Output: Encodable {
    var query: String
    var term: String
    var definition: String?
    var error: String?
  }

  /// A lookup that failed, as `CLI` prints it: `error: <message>`, exit 1.
  struct LookupFailed: UserFacingError {
    var userMessage: String
  }
}
