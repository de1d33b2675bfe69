import CommandLineParsing
import Terminal
import TrailsFeature
import TrailsModel

/// The interactive screen for one state: its lines, and what each key does there.
///
/// Rows are numbered and one is selected: ↑/↓ (or k/j) move the selection, Enter or →
/// opens it, 1-9 open a row directly. A body taller than the window scrolls to keep the
/// selection in view, with `↑ N more` / `↓ N more` where lines are hidden; a trail's page
/// scrolls with ↑/↓. On a trail, `a` asks which day to add it to (unless the plan is
/// read-only).
struct Screen {
  /// What a key asks for.
  enum Action: Equatable {
    /// Send this event to the store.
    case send(Trails.Event)
    /// Only the view changes (the selection, the scroll, the prompt): redraw.
    case view(ScreenView)
    /// Leave, once the plan is saved.
    case quit
    /// Leave on Control-C, once the plan is saved, with status 130 as a shell reports an
    /// interrupted program.
    case interrupt
  }

  /// The keys that do something on this screen, as its last line lists them.
  ///
  /// `a` and `x` only on a trail of a plan that can be written (`x` when the trail is
  /// planned), `b` only below a tab's first screen. At most 70 columns, so it fits an
  /// 80-column window.
  var keyHelp: String {
    var keys = ["e explore", "p plan"]
    if !rows.isEmpty {
      keys += ["↑↓ select", "enter open"]
    } else if state.shownTrailID != nil {
      keys.append("↑↓ scroll")
    }
    if !state.path(of: state.tab).isEmpty { keys.append("b back") }
    if let trailID = state.shownTrailID, readOnlyNotice == nil {
      keys.append("a add to a day")
      if state.plan.days.contains(where: { $0.trailIDs.contains(trailID) }) {
        keys.append("x remove")
      }
    }
    keys.append("q quit")
    return keys.joined(separator: "  ")
  }

  /// The keys while the add prompt is open.
  static let promptHelp = "←→ or 1-9 choose the day  enter add  esc cancel"

  let state: Trails.State
  /// Whether forecasts come from the fixtures because no source was asked for.
  let offline: Bool
  /// Whether ANSI styles may be used.
  let useColor: Bool
  /// The selection, scroll and prompt.
  var view = ScreenView()
  /// Why the plan cannot be edited, when the database opened read-only: shown under the
  /// body, and `a` and `x` do nothing.
  var readOnlyNotice: String? = nil

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
  ///
  /// The header, the part of the body that fits, the problem if any, and the keys. The problem and the read-only notice wrap at
  /// `width`, so no word of them is cut off by a narrow window. A blank line sets the body
  /// apart above and below only when the whole body fits with them: a window too short for
  /// it spends every row on something to read.
  func lines(height: Int, width: Int = .max) -> [String] {
    var footer: [String] = []
    func message(_ text: String, _ style: Style) -> [String] {
      WordWrap.lines(text, width: max(1, width)).map { style.apply(to: $0, useColor: useColor) }
    }
    if let problem = state.problem {
      footer += message(problem.message, .red)
    }
    if let prompt = view.adding {
      let name = state.catalog.trail(id: prompt.trailID)?.name ?? prompt.trailID
      footer.append(
        Style.bold.apply(to: "Add \(name) to day \(prompt.day)?", useColor: useColor))
    }
    if let readOnlyNotice {
      footer += message(readOnlyNotice, .dim)
    }
    let help = view.adding == nil ? keyHelp : Self.promptHelp
    footer.append(Style.dim.apply(to: help, useColor: useColor))
    var head = [header, breadcrumb]
    if head.count + 1 + body.lines.count + 1 + footer.count <= height {
      head.append("")
      footer.insert("", at: 0)
    }
    let room = max(1, height - head.count - footer.count)
    return Array((head + visibleBody(room: room) + footer).suffix(max(1, height)))
  }

  /// The lines of the body that fit in `room`, the selected row always among them; where
  /// lines are hidden, a marker line says how many (`↑ 3 more`), and only there.
  func visibleBody(room: Int) -> [String] {
    let (lines, selectedLine) = body
    guard lines.count > room else { return lines }
    /// The first line shown in a window of `window` lines: as near the top as the
    /// selection allows (the window moves only to keep it in view), else the scroll.
    func top(_ window: Int) -> Int {
      let wanted = selectedLine.map { $0 - window + 1 } ?? view.scroll
      return min(max(0, wanted), lines.count - window)
    }
    func above(_ count: Int) -> String {
      Style.dim.apply(to: "  ↑ \(count) more", useColor: useColor)
    }
    func below(_ count: Int) -> String {
      Style.dim.apply(to: "  ↓ \(count) more", useColor: useColor)
    }
    // Too short for a marker beside a line: the lines alone.
    guard room >= 3 else {
      let first = top(room)
      return Array(lines[first..<first + room])
    }
    // One marker: the window starts at the top or ends at the bottom.
    var window = room - 1
    var first = top(window)
    if first == 0 { return Array(lines[..<window]) + [below(lines.count - window)] }
    if first + window == lines.count { return [above(first)] + lines[first...] }
    // Both: lines hidden above and below.
    window = room - 2
    first = top(window)
    return [above(first)] + lines[first..<first + window]
      + [below(lines.count - first - window)]
  }

  /// The selected row's index, kept within the rows.
  var selectedRow: Int? {
    rows.isEmpty ? nil : min(max(0, view.selected), rows.count - 1)
  }

  /// What `key` does on this screen, or `nil` when nothing.
  func action(for key: Key) -> Action? {
    if let prompt = view.adding { return promptAction(for: key, prompt) }
    switch key {
    case .character("q"), .ctrlD: return .quit
    case .ctrlC: return .interrupt
    case .character("e"): return .send(.select(.explore))
    case .character("p"): return .send(.select(.plan))
    case .tab: return .send(.select(state.tab == .explore ? .plan : .explore))
    case .character("b"), .backspace, .left, .escape: return .send(.back)
    case .up, .character("k"): return move(by: -1)
    case .down, .character("j"): return move(by: 1)
    case .enter, .right:
      return selectedRow.map { .send(.show(rows[$0])) }
    case .character("a") where readOnlyNotice == nil:
      return state.shownTrailID.map { trailID in
        var view = self.view
        view.adding = ScreenView.AddPrompt(trailID: trailID, day: Trails.dayRange.lowerBound)
        return .view(view)
      }
    case .character("x") where readOnlyNotice == nil:
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

  /// Moves the selection (or, with no rows, the scroll) by `step`.
  private func move(by step: Int) -> Action {
    var view = self.view
    if let selected = selectedRow {
      view.selected = min(max(0, selected + step), rows.count - 1)
    } else {
      view.scroll = max(0, view.scroll + step)
    }
    return .view(view)
  }

  /// What `key` does while the add prompt is open: choose a day, add, or cancel.
  private func promptAction(for key: Key, _ prompt: ScreenView.AddPrompt) -> Action? {
    var view = self.view
    let days = Trails.dayRange
    switch key {
    case .ctrlC: return .interrupt
    case .enter:
      view.adding = nil
      return .send(.edit(.add(trailID: prompt.trailID, day: prompt.day)))
    case .escape, .character("q"), .backspace:
      view.adding = nil
    case .left, .down, .character("-"):
      view.adding?.day = max(days.lowerBound, prompt.day - 1)
    case .right, .up, .character("+"):
      view.adding?.day = min(days.upperBound, prompt.day + 1)
    case .character(let digit):
      guard let number = digit.wholeNumberValue, days.contains(number) else { return nil }
      view.adding?.day = number
    default:
      return nil
    }
    return .view(view)
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
    switch state.persistence {
    case .restoring: words = "restoring the plan…"
    case .restoreFailed(let message): words = "not saved: \(message)"
    case .ready(let ready):
      if let failure = ready.failure {
        words = "save failed: \(failure.message)"
      } else if readOnlyNotice != nil {
        words = "read-only"
      } else {
        words = ready.isSaved ? "saved" : "saving…"
      }
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

  /// The body's lines, and which of them is the selected row.
  private var body: (lines: [String], selectedLine: Int?) {
    let selected = selectedRow
    let numbered = rows.enumerated().map { index, route in
      let text = "\(index + 1). " + label(route)
      return index == selected
        ? Style.reverse.apply(to: "› " + text, useColor: useColor) : "  " + text
    }
    switch (state.tab, state.shownRoute) {
    case (_, .trail(let id)?):
      guard let trail = state.catalog.trail(id: id) else { return ([], nil) }
      let days = state.plan.days.filter { $0.trailIDs.contains(id) }.map { String($0.number) }
      let lines =
        TextView.trail(trail, in: state) + [
          "",
          days.isEmpty ? "Not in the plan." : "Planned on day \(days.joined(separator: ", ")).",
        ]
      return (lines, nil)
    case (.plan, nil):
      let summary = TextView.plan(state) + [""]
      return (summary + numbered, selected.map { summary.count + $0 })
    case (.explore, _), (.plan, .region?):
      return (numbered, selected)
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
