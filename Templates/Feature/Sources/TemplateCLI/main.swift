// template: looks a term up in the built-in glossary and prints its definition.
//
// The composition root and the renderer, nothing more: it builds the machine with real
// dependencies, sends the user's input and prints the state it settles in. Decisions about
// behaviour belong in the feature, where tests and the contract reach them.

import Loop
import TemplateFeature
import Terminal

let spec = CommandSpec(
  name: "template",
  abstract: "Look a term up in the built-in glossary (after a 300 ms pause, as when typing).",
  version: "1.0.0",
  options: [.flag("json", help: "Print JSON instead of text")],
  positionals: [Positional("query", help: "The term to look up, such as 'reducer'")])

/// What `--json` prints: the query and either the definition or the error.
struct Output: Encodable {
  var query: String
  var term: String
  var definition: String?
  var error: String?
}

/// A lookup that failed, as `CLI.run` prints it: `error: <message>`, exit 1.
struct LookupFailed: UserFacingError {
  var userMessage: String
}

await CLI.run(spec) { arguments in
  let query = arguments.positional(named: "query") ?? ""
  guard !Template.term(for: query).isEmpty else {
    throw UsageError("<query> is blank", usage: arguments.usage)
  }

  // Replace these with your feature's live dependencies.
  let machine = Template(glossary: .fixtures, clock: ContinuousClock())
  let store = Store(initial: Template.State(), machine: machine)
  store.send(.queryChanged(query))
  let final = await store.first(where: \.isSettled) ?? store.state
  store.cancel()

  var output = Output(query: query, term: Template.term(for: query))
  switch final.status {
  case .answered(_, let definition): output.definition = definition
  case .failed(_, let message): output.error = message
  case .idle, .waiting: output.error = "the lookup did not finish"
  }
  if arguments.flag("json") {
    try JSONOutput.write(output)
    if output.error != nil { throw ExitCode.failure }
  } else if let error = output.error {
    throw LookupFailed(userMessage: error)
  } else {
    StandardOutput.writeLine("\(output.term): \(output.definition ?? "")")
  }
}
