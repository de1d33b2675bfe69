import Terminal
import TrailsFeature
import TrailsModel

/// The interactive screen for one state: its lines, and what each key does there.
struct Screen {
  /// What a key asks for.
  enum Action: Equatable {
    /// Send this event to the store.
    case send(Trails.Event)
    /// Leave, once the plan is saved.
    case quit
    /// Leave on Control-C, once the plan is saved, with status 130 as a shell reports an
    /// interrupted program.
    case interrupt
  }

  /// The keys, as the screen's last line lists them.
  static let keyHelp =
    "e explore  p plan  1-9 open  b back  a add to day 1  x remove from plan  q quit"

  let state: Trails.State
  /// Whether forecasts come from the fixtures because no source was asked for.
  let offline: Bool
  /// Whether ANSI styles may be used.
  let useColor: Bool

  /// The routes the numbered rows open, in order.
  var rows: [Trails.Route] {
    switch (state.tab, state.shownRoute) {
    case (.explore, nil):
      return state.catalog.value.regions.map { .region($0.id) }
    case (.explore, .region(let id)?):
      return (state.catalog.region(id: id)?.trails ?? []).map { .trail($0.id) }
    case (.plan, nil):
      var seen = Set<String>()
      return state.plan.days.flatMap(\.trailIDs).filter { seen.insert($0).inserted }.map {
        .trail($0)
      }
    case (_, .trail?), (.plan, .region?):
      return []
    }
  }

  /// Every line of the frame, at most `height`.
  func lines(height: Int) -> [String] {
    var lines = [header, breadcrumb, ""] + body + [""]
    if let problem = state.problem {
      lines.append(Style.red.apply(to: problem.message, useColor: useColor))
    }
    return Array(lines.prefix(max(1, height - 2))) + [
      Style.dim.apply(to: Self.keyHelp, useColor: useColor)
    ]
  }

  /// What `key` does on this screen, or `nil` when nothing.
  func action(for key: Key) -> Action? {
    switch key {
    case .character("q"), .ctrlD: return .quit
    case .ctrlC: return .interrupt
    case .character("e"): return .send(.select(.explore))
    case .character("p"): return .send(.select(.plan))
    case .tab: return .send(.select(state.tab == .explore ? .plan : .explore))
    case .character("b"), .backspace, .left, .escape: return .send(.back)
    case .character("a"):
      return state.shownTrailID.map { .send(.edit(.add(trailID: $0, day: 1))) }
    case .character("x"):
      return state.shownTrailID.map { .send(.edit(.remove(trailID: $0, day: nil))) }
    case .character(let digit):
      guard let number = digit.wholeNumberValue, rows.indices.contains(number - 1) else {
        return nil
      }
      return .send(.show(rows[number - 1]))
    default:
      return nil
    }
  }

  private var header: String {
    let tabs = Trails.Tab.allCases.map { tab in
      tab == state.tab
        ? Style.reverse.apply(to: " \(tab.rawValue) ", useColor: useColor) + " "
        : " \(tab.rawValue)  "
    }
    return "trails  " + tabs.joined() + "  " + status
  }

  private var status: String {
    var words: String
    switch state.restore {
    case .pending: words = "restoring the plan..."
    case .failed(let message): words = "not saved: \(message)"
    case .done where state.saveError != nil: words = "save failed: \(state.saveError ?? "")"
    case .done: words = state.isSaved ? "saved" : "saving..."
    }
    if offline { words += " (offline forecasts)" }
    return words
  }

  private var breadcrumb: String {
    let names = state.path(of: state.tab).map { route -> String in
      switch route {
      case .region(let id): state.catalog.region(id: id)?.name ?? id
      case .trail(let id): state.catalog.trail(id: id)?.name ?? id
      }
    }
    return ([state.tab == .explore ? "Regions" : "Plan"] + names).joined(separator: " > ")
  }

  private var body: [String] {
    let numbered = rows.enumerated().map { index, route in "  \(index + 1). " + label(route) }
    switch (state.tab, state.shownRoute) {
    case (_, .trail(let id)?):
      guard let trail = state.catalog.trail(id: id) else { return [] }
      let days = state.plan.days.filter { $0.trailIDs.contains(id) }.map { String($0.number) }
      return TextView.trail(trail, in: state) + [
        "",
        days.isEmpty ? "Not in the plan." : "Planned on day \(days.joined(separator: ", ")).",
      ]
    case (.plan, nil):
      return TextView.plan(state) + [""] + numbered
    case (.explore, _), (.plan, .region?):
      return numbered
    }
  }

  private func label(_ route: Trails.Route) -> String {
    switch route {
    case .region(let id):
      guard let region = state.catalog.region(id: id) else { return id }
      return "\(region.name) (\(region.trails.count) trails)"
    case .trail(let id):
      guard let trail = state.catalog.trail(id: id) else { return id }
      return "\(trail.name): \(Format.distance(trail.distanceKm)), \(trail.ascentM) m, "
        + trail.difficulty.rawValue
    }
  }
}
