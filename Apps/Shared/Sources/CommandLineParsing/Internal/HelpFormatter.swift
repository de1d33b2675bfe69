/// Writes the help text and usage line of one command on a path of subcommands.
struct HelpFormatter {
  /// The root command, which owns `--version`.
  let root: CommandSpec
  /// The commands from the root down to the one described; never empty.
  let path: [CommandSpec]

  private var command: CommandSpec { path[path.count - 1] }

  /// The options accepted here: the command's own, then each ancestor's that its
  /// subcommands inherit (``Option/isInherited``), nearest first, a name declared closer
  /// hiding the same name further up.
  var optionsInScope: [Option] {
    var seen = Set<String>()
    var options: [Option] = []
    for (depth, command) in path.enumerated().reversed() {
      let own = depth == path.count - 1
      for option in command.options where own || option.isInherited {
        if seen.insert(option.long).inserted { options.append(option) }
      }
    }
    return options
  }

  /// `trails plan [<subcommand>] [options] <trail> [<day>]`, without `usage: `.
  func synopsis() -> String {
    var words = path.map(\.name)
    if !command.subcommands.isEmpty { words.append("[<subcommand>]") }
    words.append("[options]")
    words += command.positionals.map(\.synopsis)
    return words.joined(separator: " ")
  }

  /// The full help: abstract, usage, then the arguments, options, subcommands and exit
  /// status sections.
  func help() -> String {
    let arguments = command.positionals.map {
      ($0.repeats ? "<\($0.name)>..." : "<\($0.name)>", $0.help)
    }
    var options = optionsInScope.map { option in
      (label(for: option), option.help + (option.defaultValue.map { " (default: \($0))" } ?? ""))
    }
    options.append(("-h, --help", "Show help information."))
    if root.version != nil { options.append(("--version", "Show the version.")) }
    let subcommands = command.subcommands.map { ($0.name, $0.abstract) }
    // The kind of command decides its statuses: the root's block, for every subcommand.
    let statuses = root.exitStatuses.rows.map { ($0.status, $0.meaning) }

    let width = (arguments + options + subcommands).map(\.0.count).max() ?? 0
    var sections: [String] = []
    if !command.abstract.isEmpty {
      sections.append(Self.wrapped(command.abstract, after: "", indent: 0))
    }
    sections.append("USAGE: " + synopsis())
    let groups = [
      ("ARGUMENTS", arguments), ("OPTIONS", options), ("SUBCOMMANDS", subcommands),
      ("EXIT STATUS", statuses),
    ]
    for (title, rows) in groups where !rows.isEmpty {
      // The statuses are short: aligned among themselves, not with the option names.
      let width = title == "EXIT STATUS" ? rows.map(\.0.count).max() ?? 0 : width
      let lines = rows.map { name, help in
        let padding = String(repeating: " ", count: width + 2 - name.count)
        return Self.wrapped(help, after: "  " + name + padding, indent: width + 4)
      }
      sections.append(([title + ":"] + lines).joined(separator: "\n"))
    }
    return sections.joined(separator: "\n\n")
  }

  /// The column help text wraps at, so `--help` reads in an 80-column terminal.
  static let columns = 80

  /// `text` after `lead`, wrapped at ``columns``, further lines indented by `indent`.
  static func wrapped(_ text: String, after lead: String, indent: Int) -> String {
    WordWrap.lines(text, width: columns, lead: lead, indent: indent).joined(separator: "\n")
  }

  private func label(for option: Option) -> String {
    var label = option.short.map { "-\($0), " } ?? ""
    label += "--\(option.long)"
    if option.takesValue { label += " <\(option.valueName)>" }
    return label
  }
}
