import TestSupport
import Testing

@testable import CommandLineParsing

/// 1,200 mutated command lines per app through its ``CommandSpec``: each parses, or fails with
/// one ``UsageError`` line, and never traps.
///
/// The specs are copies of the apps' (``AppSpecs``); the lists come from valid ones through
/// ``ArgumentMutation`` with a fixed seed, so a failure names a list that the next run makes
/// again.
struct MutatedArgumentsTests {
  struct App: Sendable, CustomTestStringConvertible {
    let spec: CommandSpec
    let bases: [[String]]
    let tokens: [String]
    let seed: UInt64
    var testDescription: String { spec.name }
  }

  static let count = 1_200

  static let apps: [App] = [
    App(
      spec: AppSpecs.movies,
      bases: [
        [], ["--pages", "2"], ["--json", "--pages=3"], ["--source", "fixtures", "--json"],
        ["--source=live", "--api-base", "http://127.0.0.1:9", "--language", "fr-FR"],
        ["--help"], ["--version"],
      ],
      tokens: ["--pages", "--json", "--source", "--api-base", "--language", "fixtures", "live"],
      seed: 0xA11C_0001),
    App(
      spec: AppSpecs.search,
      bases: [
        [], ["star"], ["--json", "--limit", "3", "star wars"], ["--source", "fixtures", "amélie"],
        ["--source=live", "--api-base=http://127.0.0.1:9", "ghost"], ["--", "--json"], ["-h"],
      ],
      tokens: ["--json", "--limit", "--source", "--api-base", "fixtures", "live", "star"],
      seed: 0xA11C_0002),
    App(
      spec: AppSpecs.trails,
      bases: [
        [], ["regions"], ["--json", "plan"], ["region", "silver-coast"],
        ["trail", "gull-point-loop"], ["plan", "add", "gull-point-loop", "--day", "2"],
        ["--db", "/tmp/x.sqlite", "plan", "remove", "cinder-corrie", "--day=1"],
        ["plan", "move", "tidepool-steps", "--to-day", "3", "--day", "1"],
        ["plan", "date", "2026-12-01"], ["plan", "clear"], ["open", "trails://plan"],
        ["plan", "add", "--help"],
      ],
      tokens: [
        "regions", "region", "trail", "plan", "add", "remove", "move", "date", "clear", "open",
        "--db", "--json", "--source", "--api-base", "--day", "--to-day", "trails://trail/x",
      ],
      seed: 0xA11C_0003),
  ]

  @Test(arguments: apps)
  func everyMutatedListParsesOrFailsWithOneUsageLine(_ app: App) {
    let lists = ArgumentMutation.lists(
      from: app.bases, tokens: app.tokens, count: Self.count, seed: app.seed)
    #expect(lists.count >= 1_000)
    var outcomes: [String: Int] = [:]
    for (index, arguments) in lists.enumerated() {
      let name = "\(app.spec.name) #\(index) \(arguments.map { "\($0.prefix(40))" })"
      do {
        switch try app.spec.parse(arguments) {
        case .run(let parsed):
          outcomes["run", default: 0] += 1
          check(parsed, of: app.spec, name)
        case .help(let text):
          outcomes["help", default: 0] += 1
          #expect(!text.isEmpty, "\(name): empty help")
        case .version(let text):
          outcomes["version", default: 0] += 1
          #expect(!text.isEmpty, "\(name): empty version")
        }
      } catch {
        outcomes["usage error", default: 0] += 1
        check(error, name)
      }
    }
    // The lists reach every answer, so the test is not only probing the first check.
    #expect(outcomes["run", default: 0] > 50, "\(outcomes)")
    #expect(outcomes["usage error", default: 0] > 50, "\(outcomes)")
    #expect(outcomes["help", default: 0] > 0, "\(outcomes)")
  }

  @Test func mutatedListsAreTheSameOnEveryRun() {
    let app = Self.apps[2]
    let first = ArgumentMutation.lists(from: app.bases, tokens: app.tokens, count: 50, seed: 9)
    let second = ArgumentMutation.lists(from: app.bases, tokens: app.tokens, count: 50, seed: 9)
    #expect(first == second)
    #expect(Set(first).count > 40)
  }

  /// A newline typed inside an argument is escaped in the message, which stays one line.
  @Test func usageErrorStaysOneLineWhenAnArgumentHasANewline() {
    for arguments in [["a\nb"], ["--line\nbreak"]] {
      let message = Self.usageMessage(AppSpecs.movies, arguments)
      #expect(message != nil, "\(arguments) parsed")
      #expect(message?.contains { $0.isNewline } == false, "\(String(describing: message))")
      #expect(message?.contains("\\n") == true, "\(String(describing: message))")
    }
  }

  /// The message of the usage error `arguments` raise, or `nil` when they parse.
  private static func usageMessage(_ spec: CommandSpec, _ arguments: [String]) -> String? {
    do {
      _ = try spec.parse(arguments)
      return nil
    } catch {
      return error.message
    }
  }

  /// A usage error is one non-empty line, with a usage line that starts "usage: ".
  private func check(
    _ error: UsageError, _ name: String
  ) {
    #expect(!error.message.isEmpty, "\(name): empty usage error")
    let isOneLine = !error.message.contains { $0.isNewline }
    let shown = error.message.prefix(200).debugDescription
    #expect(isOneLine, "\(name): the message spans lines: \(shown)")
    #expect(error.usage.hasPrefix("usage: "), "\(name): usage is \(error.usage.prefix(80))")
  }

  /// Parsed arguments name a real command, and reading every option as text or Int is safe.
  private func check(
    _ parsed: ParsedArguments, of spec: CommandSpec, _ name: String
  ) {
    var command = spec
    for word in parsed.subcommandPath {
      guard let next = command.subcommands.first(where: { $0.name == word }) else {
        Issue.record("\(name): subcommand path \(parsed.subcommandPath) is not in the spec")
        return
      }
      command = next
    }
    _ = spec.helpText(for: parsed.subcommandPath)
    for option in spec.options + command.options where option.takesValue {
      _ = parsed.value(option.long)
      do {
        _ = try parsed.value(option.long, as: Int.self)
      } catch {
        check(error, name)
      }
    }
  }
}
