import AppCLI
import Loop
import SearchFeature
import Terminal

/// The scripted command: one query from the arguments, or one a line from standard input.
///
/// Queries arrive whole, so the search runs with no debounce: a debounce only waits for a user
/// to stop typing.
///
/// Exit status, as ``ExitCode`` says for every app: 0 when every answer is whole and came
/// from the source asked for; 3 (``ExitCode/partial``) when an answer was printed but TMDB
/// could not answer and it was ranked from the bundled catalog instead (said on standard
/// error, as `(offline)` on its lines and as `"offline": true` in JSON), or a later page of
/// results failed, or (reading queries from standard input) some queries failed and others
/// did not; 1 when the search, or every query, failed, with nothing on standard output.
struct Scripted {
  let setup: Composition
  let options: SearchOptions

  /// Prints the results for `query`: one a line, or one JSON object.
  ///
  /// - Throws: `CommandFailure.failed` when the search failed, ``ExitCode/partial`` after
  ///   printing offline or incomplete results.
  func run(query: String) async throws {
    let store = setup.makeStore()
    defer { store.cancel() }
    let answer = await Self.answer(query, in: store, limit: options.limit)
    // What is printed next is in the recording first, so a crash cannot take it from the file.
    await setup.recording.written()
    if case .failed(_, let message) = answer.status {
      throw CommandFailure.failed(message)
    }
    reportOnStandardError(answer)
    let output = QueryOutput(query: query, state: answer, limit: options.limit)
    if options.json {
      try JSONOutput.write(output)
    } else {
      StandardOutput.write(output.lines.map { $0 + "\n" }.joined())
    }
    if Self.isPartial(answer) { throw ExitCode.partial }
  }

  /// Whether `answer` was printed with a gap: offline results, or a later page that failed.
  static func isPartial(_ answer: Search.State) -> Bool {
    switch answer.status {
    case .offline: true
    case .results(let results): if case .failed = results.more { true } else { false }
    case .idle, .hint, .debouncing, .searching, .failed: false
    }
  }

  /// Reads queries from standard input, one a line, and prints a block for each.
  ///
  /// A block is a `# query` header, then the results; with `--json`, one array holds them
  /// all. Blank lines are skipped. One store serves every line, so a repeated query comes
  /// from the cache.
  func runLines() async throws {
    let store = setup.makeStore()
    defer { store.cancel() }
    var outputs: [QueryOutput] = []
    var failures = 0
    var partial = false
    while let line = readLine() {
      let query = line.hasSuffix("\r") ? String(line.dropLast()) : line
      guard !Search.normalized(query).isEmpty else { continue }
      let answer = await Self.answer(query, in: store, limit: options.limit)
      // What is printed next is in the recording first, so a crash cannot take it from the file.
      await setup.recording.written()
      if case .failed(_, let message) = answer.status {
        StandardError.writeLine("error: \(query): \(message)")
        failures += 1
      } else {
        reportOnStandardError(answer)
      }
      let output = QueryOutput(query: query, state: answer, limit: options.limit)
      if Self.isPartial(answer) { partial = true }
      outputs.append(output)
      // A failed query's block is its `error:` line on stderr: nothing on stdout.
      if !options.json, output.status != "failed" {
        StandardOutput.write((["# \(query)"] + output.lines).map { $0 + "\n" }.joined())
      }
    }
    // Every query failed: a failure, with nothing on stdout. Some did: a partial answer.
    if failures > 0, failures == outputs.count {
      throw CommandFailure.someQueriesFailed(failures)
    }
    if options.json {
      try JSONOutput.write(outputs)
    }
    if failures > 0 {
      StandardError.writeLine(
        "movie-search: \(CommandFailure.someQueriesFailed(failures).userMessage) "
          + "of \(outputs.count)")
      throw ExitCode.partial
    }
    if partial { throw ExitCode.partial }
  }

  /// Says on standard error what the results alone do not: that they are offline, or that a
  /// later page failed.
  func reportOnStandardError(_ state: Search.State) {
    switch state.status {
    case .offline(let offline):
      StandardError.writeLine(
        "movie-search: offline (\(offline.reason)); showing matches from the bundled catalog")
    case .results(let results):
      if case .failed(let message) = results.more {
        StandardError.writeLine("movie-search: could not load more results: \(message)")
      }
    case .idle, .hint, .debouncing, .searching, .failed:
      break
    }
  }

  /// Sends `text` and waits for the search to settle: results (with enough pages for
  /// `limit`), offline results, an error, or the hint.
  static func answer(
    _ text: String, in store: Store<Search.State, Search.Event>, limit: Int?
  ) async -> Search.State {
    store.send(.textChanged(text))
    // Not `store.state`: a send that arrives while an effect's event is being reduced is
    // reduced right after, so the answer is the first settled state holding this text.
    guard var state = await store.first(where: { $0.text == text && isAnswer($0) }) else {
      return store.state
    }
    while case .results(let results) = state.status, let limit, results.movies.count < limit,
      results.hasMore, results.more == .idle
    {
      // The search accepts this `loadMore`, so the state changes: from the cache at once,
      // or through a request.
      let before = state
      store.send(.loadMore)
      guard let next = await store.first(where: { $0 != before && isAnswer($0) }) else { break }
      state = next
    }
    return state
  }

  /// Whether `state` answers its query: nothing waited for, no page on its way.
  private static func isAnswer(_ state: Search.State) -> Bool {
    switch state.status {
    case .debouncing, .searching: false
    case .results(let results): results.more.request == nil
    case .idle, .hint, .offline, .failed: true
    }
  }
}
