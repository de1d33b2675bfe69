/// Parses one command line against a ``CommandSpec``, left to right.
///
/// See ``CommandSpec`` for the rules. Help and version are decided by a scan before parsing
/// (so they win over any usage error); parsing then walks the arguments once, descending
/// into subcommands as their names appear.
struct ArgumentParser {
  private let root: CommandSpec
  private let arguments: [String]
  /// The commands from the root to the one reached so far.
  private var path: [CommandSpec]
  private var values: [String: String] = [:]
  private var flags = Set<String>()
  private var positionals: [String] = []

  init(root: CommandSpec, arguments: [String]) {
    self.root = root
    self.arguments = arguments
    self.path = [root]
  }

  private var command: CommandSpec { path[path.count - 1] }
  private var formatter: HelpFormatter { HelpFormatter(root: root, path: path) }

  mutating func parse() throws(UsageError) -> ParseResult {
    Self.validate(root)
    let options = arguments.prefix { $0 != "--" }
    let wantsHelp = options.contains { $0 == "--help" || $0 == "-h" }
    let wantsVersion = root.version != nil && options.contains("--version")
    do {
      try parseArguments()
    } catch {
      // Help and version win over a usage error: `movies --pagez --help` shows the help.
      if wantsHelp { return .help(formatter.help()) }
      if wantsVersion { return .version(versionText) }
      throw error
    }
    if wantsHelp { return .help(formatter.help()) }
    if wantsVersion { return .version(versionText) }
    return .run(
      ParsedArguments(
        subcommandPath: path.dropFirst().map(\.name), positionals: positionals,
        usage: usageLine, options: formatter.optionsInScope, positionalSpecs: command.positionals,
        commandName: path.map(\.name).joined(separator: " "), values: values, flags: flags))
  }

  private var versionText: String { "\(root.name) \(root.version ?? "")" }
  private var usageLine: String { "usage: " + formatter.synopsis() }

  private mutating func parseArguments() throws(UsageError) {
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if !optionsEnded && argument == "--" {
        optionsEnded = true
      } else if !optionsEnded && Self.isOptionLike(argument) {
        try parseOption(argument, index: &index)
      } else {
        try parseWord(argument, afterDoubleDash: optionsEnded)
      }
    }
    let required = command.positionals.filter { !$0.isOptional }
    if positionals.count < required.count {
      throw failure("missing argument <\(required[positionals.count].name)>")
    }
  }

  private mutating func parseOption(_ argument: String, index: inout Int) throws(UsageError) {
    if argument == "--help" || argument == "-h" { return }
    if argument == "--version" && root.version != nil { return }
    let scope = formatter.optionsInScope
    let name: String
    let inlineValue: String?
    let option: Option?
    if argument.hasPrefix("--") {
      let body = argument.dropFirst(2)
      if let equals = body.firstIndex(of: "=") {
        name = String(body[..<equals])
        inlineValue = String(body[body.index(after: equals)...])
      } else {
        name = String(body)
        inlineValue = nil
      }
      option = scope.first { $0.long == name }
    } else {
      name = String(argument.dropFirst())
      inlineValue = nil
      option = name.count == 1 ? scope.first { $0.short.map(String.init) == name } : nil
    }
    guard let option else { throw unknownOption(argument, name: name, scope: scope) }
    if values[option.long] != nil || flags.contains(option.long) {
      throw failure("option '--\(option.long)' given more than once")
    }
    let spelled = inlineValue == nil ? argument : "--\(name)"
    guard option.takesValue else {
      if inlineValue != nil { throw failure("option '\(spelled)' does not take a value") }
      flags.insert(option.long)
      return
    }
    let value: String
    if let inlineValue {
      value = inlineValue
    } else if index < arguments.count, !Self.isOptionLike(arguments[index]) {
      value = arguments[index]
      index += 1
    } else {
      throw failure("missing value for option '\(spelled)'")
    }
    // No option of any app means something by an empty value: `--db ""` is a slip (an unset
    // shell variable), not a request for a temporary database.
    guard !value.isEmpty else {
      throw failure("option '--\(option.long)' needs a <\(option.valueName)>, got an empty one")
    }
    values[option.long] = value
  }

  private mutating func parseWord(_ word: String, afterDoubleDash: Bool) throws(UsageError) {
    if !afterDoubleDash, positionals.isEmpty,
      let subcommand = command.subcommands.first(where: { $0.name == word })
    {
      path.append(subcommand)
      return
    }
    if positionals.count < command.positionals.count || command.positionals.last?.repeats == true {
      positionals.append(word)
      return
    }
    if !afterDoubleDash, positionals.isEmpty, !command.subcommands.isEmpty {
      let names = command.subcommands.map(\.name)
      let hint = EditDistance.suggestion(for: word, among: names).map { " (did you mean '\($0)'?)" }
      throw failure("unknown command '\(word)'" + (hint ?? ""))
    }
    throw failure("unexpected argument '\(word)'")
  }

  private func unknownOption(_ argument: String, name: String, scope: [Option]) -> UsageError {
    var candidates = scope.map { "--\($0.long)" } + ["--help"]
    if root.version != nil { candidates.append("--version") }
    guard argument.hasPrefix("--") else { return failure("unknown option '\(argument)'") }
    let typed = "--\(name)"
    let hint = EditDistance.suggestion(for: typed, among: candidates)
      .map { " (did you mean '\($0)'?)" }
    return failure("unknown option '\(typed)'" + (hint ?? ""))
  }

  private func failure(_ message: String) -> UsageError {
    UsageError(message, usage: usageLine)
  }

  /// Whether `argument` names an option: it starts with `-`, is not just `-`, and is not a
  /// negative number (so `--offset -2` reads `-2` as the value).
  private static func isOptionLike(_ argument: String) -> Bool {
    argument.hasPrefix("-") && argument.count > 1 && Double(argument) == nil
  }

  /// Stops the program when `spec` contradicts itself: a programming error in the app.
  private static func validate(_ spec: CommandSpec) {
    var longs = Set<String>()
    var shorts = Set<Character>()
    for option in spec.options {
      precondition(
        !["help", "version"].contains(option.long) && option.short != "h",
        "'\(spec.name)': --help, -h and --version are built in; do not declare them")
      precondition(longs.insert(option.long).inserted, "'\(spec.name)': --\(option.long) twice")
      if let short = option.short {
        precondition(shorts.insert(short).inserted, "'\(spec.name)': -\(short) twice")
      }
    }
    let firstOptional = spec.positionals.firstIndex(where: \.isOptional) ?? spec.positionals.count
    precondition(
      spec.positionals[firstOptional...].allSatisfy(\.isOptional),
      "'\(spec.name)': a required argument follows an optional one")
    precondition(
      spec.positionals.dropLast().allSatisfy { !$0.repeats },
      "'\(spec.name)': only the last argument may repeat")
    for subcommand in spec.subcommands {
      validate(subcommand)
    }
  }
}
