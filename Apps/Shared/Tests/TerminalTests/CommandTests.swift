import LoopSynchronization
import Testing

@testable import AppCLI
@testable import CommandLineParsing
@testable import Terminal

/// What each run of the `notes` commands below was made from.
///
/// The tree: `notes [--verbose]`, `notes add <text> [--pin N]`, `notes list [--limit N]`.
private let ran = Mutex<[String]>([])

private struct Notes: Command {
  struct Arguments: CommandArguments {
    let verbose = Flag("verbose", help: "Say more")
  }
  static let spec = CommandSpec(name: "notes", version: "1.0")
  static var subcommands: [any Command.Type] { [Add.self, List.self] }
  let verbose: Bool

  init(_ arguments: Parsed<Arguments>, environment: [String: String]) throws {
    verbose = arguments.verbose
  }

  func run() async throws { ran.withLock { $0.append("notes verbose=\(verbose)") } }

  struct Add: Command {
    struct Arguments: CommandArguments {
      let pin = OptionValue<Int?>("pin", valueName: "N", help: "Its place", in: 1...9)
      let text = Argument<String>("text", help: "The note")
    }
    static let spec = CommandSpec(name: "add")
    let text: String
    let pin: Int?
    let user: String?

    init(_ arguments: Parsed<Arguments>, environment: [String: String]) throws {
      text = try arguments.text
      pin = try arguments.pin
      user = environment["USER"]
    }

    func run() async throws {
      ran.withLock { $0.append("add \(text) pin=\(pin.map(String.init) ?? "-") by \(user ?? "-")") }
    }
  }

  struct List: Command {
    struct Arguments: CommandArguments {
      let limit = OptionValue<Int>("limit", valueName: "N", help: "At most N", default: 5)
      let verbose = Inherited(Flag("verbose", help: "Say more"))
    }
    static let spec = CommandSpec(name: "list")
    let limit: Int
    let verbose: Bool

    init(_ arguments: Parsed<Arguments>, environment: [String: String]) throws {
      limit = try arguments.limit
      verbose = try arguments.verbose
    }

    func run() async throws {
      ran.withLock { $0.append("list \(limit)" + (verbose ? " verbosely" : "")) }
    }
  }
}

/// A subcommand that reads `--verbose` as Inherited, run as a root: no command above declares it.
private struct Orphan: Command {
  struct Arguments: CommandArguments {
    let verbose = Inherited(Flag("verbose", help: "Say more"))
  }
  static let spec = CommandSpec(name: "orphan")
  init(_ arguments: Parsed<Arguments>, environment: [String: String]) {}
  func run() async throws {}
}

/// A command that lists an option in its spec, a second home beside its Arguments.
private struct TwoHomes: Command {
  static let spec = CommandSpec(name: "two-homes", options: [.flag("json", help: "JSON")])
  init(_ arguments: Parsed<NoArguments>, environment: [String: String]) {}
  func run() async throws {}
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
    #expect(await execute("list", "--verbose") == (.success, ["list 5 verbosely"], ""))
  }

  @Test func aRequiredArgumentLeftOutIsAUsageErrorBeforeTheCommandIsMade() async {
    #expect(
      await execute("add")
        == (.usage, [], "error: missing argument <text>\nusage: notes add [options] <text>\n"))
  }

  @Test func theSpecIsMadeFromTheDeclarationsInTheirOrder() {
    let add = Notes.commandLine.subcommands[0]
    #expect(add.options.map(\.long) == ["pin"])
    #expect(add.options[0].defaultValue == nil)
    let list = Notes.commandLine.subcommands[1]
    // The inherited flag is the parent's: listed once, under notes, not again under list.
    #expect(list.options.map(\.long) == ["limit"])
    #expect(list.options[0].defaultValue == "5")
    #expect(Notes.commandLine.options.map(\.long) == ["verbose"])
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
    let day = OptionValue<Int?>("day", valueName: "N", help: "The day", in: 1...14, noun: "a day")
    let spec = CommandSpec(name: "plan", options: [day.option])
    let parsed = try #require(try spec.parse(["--day", "15"]).arguments)
    #expect(
      throws: UsageError(
        "--day expects a day from 1 to 14, got '15'", usage: "usage: plan [options]")
    ) {
      try day.read(from: parsed)
    }
    let inRange = try #require(try spec.parse(["--day", "14"]).arguments)
    #expect(try day.read(from: inRange) == 14)
  }

  @Test func anArgumentOfAnotherTypeNamesWhatItExpects() throws {
    let count = Argument<Int>("count", help: "How many")
    let spec = CommandSpec(name: "repeat", positionals: [count.positional])
    let parsed = try #require(try spec.parse(["twice"]).arguments)
    #expect(
      throws: UsageError(
        "<count> expects an integer, got 'twice'", usage: "usage: repeat [options] <count>")
    ) {
      try count.read(from: parsed)
    }
  }

  @Test func aRepeatingArgumentReadsEveryArgumentLeft() throws {
    let files = Argument<[Int]>(repeating: "n", help: "Numbers")
    let spec = CommandSpec(name: "sum", positionals: [files.positional])
    #expect(
      try files.read(from: #require(try spec.parse(["1", "2", "3"]).arguments)) == [1, 2, 3])
    #expect(
      throws: UsageError("<n> expects an integer, got 'x'", usage: "usage: sum [options] <n>...")
    ) {
      try files.read(from: #require(try spec.parse(["1", "x"]).arguments))
    }
  }

  @Test func anInheritedOptionNoCommandAboveDeclaresStopsTheProgram() async {
    await #expect(processExitsWith: .failure) { _ = Orphan.commandLine }
    await #expect(processExitsWith: .failure) { _ = TwoHomes.commandLine }
  }

  @Test func typeAtAPathWalksTheSubcommands() {
    #expect(Notes.type(at: [String]()) is Notes.Type)
    #expect(Notes.type(at: ["add"]) is Notes.Add.Type)
    #expect(Notes.type(at: ["list"]) is Notes.List.Type)
    #expect(!(Notes.type(at: ["list"]) is Notes.Add.Type))
  }
}
