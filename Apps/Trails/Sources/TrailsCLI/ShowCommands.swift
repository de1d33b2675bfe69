import CommandLineParsing
import TrailsFeature

// The commands that read: each shows a screen of the planner, as text or JSON.

/// `trails regions`: the regions.
struct RegionsCommand: Command {
  struct Arguments: CommandArguments {
    let trails = Inherited(TrailsOptions.Arguments())
  }
  static let spec = CommandSpec(name: "regions", abstract: "List the regions.")
  let options: TrailsOptions

  init(_ arguments: Parsed<Arguments>, environment: [String: String]) throws {
    options = try TrailsOptions(arguments.trails)
  }

  func run() async throws {
    try await options.recorded { slot in
      try await Composition.using(options, access: .readOnly, recording: slot) { composition in
        let output = Output(json: options.json, notice: composition.isDefaultOffline)
        let run = try PlannerRun(composition)
        defer { run.end() }
        try output.regions(try await run.restored())
      }
    }
  }
}

/// `trails region <id>`: a region and its trails.
struct RegionCommand: Command {
  struct Arguments: CommandArguments {
    let trails = Inherited(TrailsOptions.Arguments())
    let id = Argument<String>("id", help: "The region's id, such as silver-coast")
  }
  static let spec = CommandSpec(name: "region", abstract: "Show a region and its trails.")
  let options: TrailsOptions
  let id: String

  init(_ arguments: Parsed<Arguments>, environment: [String: String]) throws {
    options = try TrailsOptions(arguments.trails)
    id = try arguments.id
  }

  func run() async throws {
    try await options.show(.show(.region(id)))
  }
}

/// `trails trail <id>`: a trail and the forecast at its trailhead.
struct TrailCommand: Command {
  struct Arguments: CommandArguments {
    let trails = Inherited(TrailsOptions.Arguments())
    let id = Argument<String>("id", help: "The trail's id, such as gull-point-loop")
  }
  static let spec = CommandSpec(
    name: "trail", abstract: "Show a trail and the forecast at its trailhead.")
  let options: TrailsOptions
  let id: String

  init(_ arguments: Parsed<Arguments>, environment: [String: String]) throws {
    options = try TrailsOptions(arguments.trails)
    id = try arguments.id
  }

  func run() async throws {
    try await options.show(.show(.trail(id)))
  }
}

/// `trails open <link>`: the screen a deep link names.
struct OpenCommand: Command {
  struct Arguments: CommandArguments {
    let trails = Inherited(TrailsOptions.Arguments())
    let link = Argument<String>("link", help: "The deep link")
  }
  static let spec = CommandSpec(
    name: "open",
    abstract: "Open a link: trails://region/<id>, trails://trail/<id>, trails://plan.")
  let options: TrailsOptions
  let link: String

  init(_ arguments: Parsed<Arguments>, environment: [String: String]) throws {
    options = try TrailsOptions(arguments.trails)
    link = try arguments.link
    // A link that is not one is a bad argument (exit 2); a good link to nothing is not.
    guard Trails.DeepLink(link) != nil else {
      throw UsageError(Trails.Problem.malformedLink(link).message, usage: arguments.usage)
    }
  }

  func run() async throws {
    try await options.show(.open(link))
  }
}
