import LoopSynchronization
import Testing

@testable import Terminal

/// What each run of the `notes` commands below was made from.
///
/// The tree: `notes [--verbose]`, `notes add <text> [--pin N]`, `notes list [--limit N]`.
private let ran = Mutex<[String]>([])

private struct Notes: Command {
  static let verbose = Flag("verbose", help: "Say more")
  static let spec = CommandSpec(name: "notes", version: "1.0", options: [verbose.option])
  static var subcommands: [any Command.Type] { [Add.self, List.self] }
  let verbose: Bool

  init(_ arguments: ParsedArguments, environment: [String: String]) throws {
    verbose = arguments[Self.verbose]
  }

  func run() async throws { ran.withLock { $0.append("notes verbose=\(verbose)") } }

  struct Add: Command {
    static let text = Argument<String>("text", help: "The note")
    static let pin = OptionValue<Int>("pin", valueName: "N", help: "Its place", in: 1...9)
    static let spec = CommandSpec(
      name: "add", options: [pin.option], positionals: [text.positional])
    let text: String
    let pin: Int?
    let user: String?

    init(_ arguments: ParsedArguments, environment: [String: String]) throws {
      text = try arguments.value(Self.text) ?? ""
      pin = try arguments.value(Self.pin)
      user = environment["USER"]
    }

    func run() async throws {
      ran.withLock { $0.append("add \(text) pin=\(pin.map(String.init) ?? "-") by \(user ?? "-")") }
    }
  }

  struct List: Command {
    static let limit = OptionValue<Int>("limit", valueName: "N", help: "At most N", default: "5")
    static let spec = CommandSpec(name: "list", options: [limit.option])
    let limit: Int

    init(_ arguments: ParsedArguments, environment: [String: String]) throws {
      limit = try arguments.value(Self.limit) ?? 0
    }

    func run() async throws { ran.withLock { $0.append("list \(limit)") } }
  }
}

@Suite(.serialized)
struct CommandTests {
  /// Runs `arguments` as `notes` would, and returns the exit status, what ran and stderr.
  private func execute(_ arguments: String..., environment: [String: String] = [:]) async
    -> (ExitCode, [String], String)
  {
    ran.withLock { $0 = [] }
    let errors = Mutex("")
    let code = await CLI.execute(
      Notes.commandLine, arguments: arguments, output: { _ in },
      errorOutput: { text in errors.withLock { $0 += text } },
      { parsed in try await Notes.make(parsed, environment: environment).run() })
    return (code, ran.withLock { $0 }, errors.withLock { $0 })
  }

  @Test func theCommandLineIsTheSpecWithEverySubcommands() {
    #expect(Notes.commandLine.subcommands.map(\.name) == ["add", "list"])
    #expect(Notes.commandLine.subcommands[0].positionals.map(\.name) == ["text"])
    #expect(Notes.spec.subcommands.isEmpty)
  }

  @Test func theWordsPickTheCommandValueThatRuns() async {
    #expect(await execute() == (.success, ["notes verbose=false"], ""))
    #expect(await execute("--verbose") == (.success, ["notes verbose=true"], ""))
    #expect(
      await execute("add", "milk", "--pin", "3", environment: ["USER": "ada"])
        == (.success, ["add milk pin=3 by ada"], ""))
    #expect(await execute("add", "milk") == (.success, ["add milk pin=- by -"], ""))
    #expect(await execute("list") == (.success, ["list 5"], ""))
    #expect(await execute("list", "--limit", "2") == (.success, ["list 2"], ""))
  }

  @Test func aBadValueIsAUsageErrorBeforeAnythingRuns() async {
    #expect(
      await execute("add", "milk", "--pin", "10")
        == (
          .usage, [],
          "error: --pin expects an integer from 1 to 9, got '10'\nusage: notes add [options] <text>\n"
        ))
    #expect(
      await execute("list", "--limit", "few")
        == (
          .usage, [], "error: --limit expects an integer, got 'few'\nusage: notes list [options]\n"
        ))
  }

  @Test func aRangedOptionNamesWhatItExpects() throws {
    let day = OptionValue<Int>("day", valueName: "N", help: "The day", in: 1...14, noun: "a day")
    let spec = CommandSpec(name: "plan", options: [day.option])
    let parsed = try #require(try spec.parse(["--day", "15"]).arguments)
    #expect(
      throws: UsageError(
        "--day expects a day from 1 to 14, got '15'", usage: "usage: plan [options]")
    ) {
      try parsed.value(day)
    }
    let inRange = try #require(try spec.parse(["--day", "14"]).arguments)
    #expect(try inRange.value(day) == 14)
  }

  @Test func anArgumentOfAnotherTypeNamesWhatItExpects() throws {
    let count = Argument<Int>("count", help: "How many")
    let spec = CommandSpec(name: "repeat", positionals: [count.positional])
    let parsed = try #require(try spec.parse(["twice"]).arguments)
    #expect(
      throws: UsageError(
        "<count> expects an integer, got 'twice'", usage: "usage: repeat [options] <count>")
    ) {
      try parsed.value(count)
    }
  }

  @Test func typeAtAPathWalksTheSubcommands() {
    #expect(Notes.type(at: [String]()) is Notes.Type)
    #expect(Notes.type(at: ["add"]) is Notes.Add.Type)
    #expect(Notes.type(at: ["list"]) is Notes.List.Type)
    #expect(!(Notes.type(at: ["list"]) is Notes.Add.Type))
  }
}
