import CalendarDay
import Terminal
import Testing
import TrailsFeature
import TrailsModel

@testable import TrailsCLI

/// The interactive screen as a value: what fits a window, what each key does.
struct ScreenTests {

  /// A restored plan with the first `count` trails of the catalog on day 1, plan tab shown.
  private func planState(trails count: Int) throws -> Trails.State {
    let catalog = try TrailCatalog.fixtures()
    // The first day the bundled forecasts cover.
    let today = try #require(Day(year: 2026, month: 12, day: 1))
    var state = Trails.State(catalog: catalog, today: today)
    Trails.reducer(&state, .restored(nil))
    for trail in catalog.regions.flatMap(\.trails).prefix(count) {
      Trails.reducer(&state, .edit(.add(trailID: trail.id, day: 1)))
    }
    Trails.reducer(&state, .select(.plan))
    return state
  }

  /// Presses `keys` on the screen for `state`, keeping the view as the app does; returns
  /// the view and the events sent.
  private func press(
    _ keys: [Key], on state: Trails.State, view: ScreenView = ScreenView()
  ) -> (view: ScreenView, sent: [Trails.Event]) {
    var view = view
    var sent: [Trails.Event] = []
    for key in keys {
      switch Screen(state: state, offline: false, useColor: false, view: view).action(for: key) {
      case .view(let next)?: view = next
      case .send(let event)?:
        view.adding = nil
        sent.append(event)
      case .quit?, .interrupt?, nil: break
      }
    }
    return (view, sent)
  }

  @Test func twelvePlannedTrailsFitThirtyRowsWithMarkersAndEveryRowCanBeOpened() throws {
    let state = try planState(trails: 12)
    let rows = Screen(state: state, offline: false, useColor: false).rows
    #expect(rows.count == 12)

    let top = Screen(state: state, offline: false, useColor: false).lines(height: 30)
    #expect(top.count <= 30)
    #expect(top.contains { $0.hasPrefix("  ↓ ") && $0.hasSuffix(" more") })

    // Down eleven times selects the twelfth row, which is then on screen, marked.
    let (view, sent) = press(Array(repeating: .down, count: 11) + [.enter], on: state)
    #expect(view.selected == 11)
    #expect(sent == [.show(rows[11])])
    let bottom = Screen(state: state, offline: false, useColor: false, view: view)
      .lines(height: 30)
    #expect(bottom.count <= 30)
    #expect(bottom.contains { $0.hasPrefix("› 12. ") })
    #expect(bottom.contains { $0.hasPrefix("  ↑ ") && $0.hasSuffix(" more") })
    // The selection stops at the last row; up from the top stays at the first.
    #expect(press(Array(repeating: .down, count: 20), on: state).view.selected == 11)
    #expect(press([.up, .up], on: state).view.selected == 0)
  }

  @Test func aShortWindowSpendsEveryRowOnSomethingToRead() throws {
    // The regions (five, and more rows than fit) in a 40x8 window; then moved down a row.
    let catalog = try TrailCatalog.fixtures()
    let today = try #require(Day(year: 2026, month: 12, day: 1))
    var state = Trails.State(catalog: catalog, today: today)
    Trails.reducer(&state, .restored(nil))
    for view in [ScreenView(), ScreenView(selected: 3)] {
      let lines = Screen(state: state, offline: false, useColor: false, view: view)
        .lines(height: 8, width: 40)
      #expect(lines.count == 8, "\(lines)")
      #expect(lines.allSatisfy { !$0.isEmpty }, "blank rows: \(lines)")
    }
    // Every region fits once the blank lines go.
    let all = Screen(state: state, offline: false, useColor: false).lines(height: 8, width: 40)
    #expect(all[2].hasPrefix("› 1. ") && all[6].hasPrefix("  5. "), "\(all)")
    // A row shorter: nothing is hidden above the first region, so no marker says so.
    let top = Screen(state: state, offline: false, useColor: false).lines(height: 7, width: 40)
    #expect(top[2].hasPrefix("› 1. ") && top[5] == "  ↓ 2 more", "\(top)")
    let bottom = Screen(
      state: state, offline: false, useColor: false, view: ScreenView(selected: 4)
    )
    .lines(height: 7, width: 40)
    #expect(bottom[2] == "  ↑ 2 more" && bottom[5].hasPrefix("› 5. "), "\(bottom)")
    // A window the whole body fits sets it apart with blank lines.
    let tall = Screen(state: state, offline: false, useColor: false).lines(height: 24, width: 80)
    #expect(tall[2] == "" && tall[tall.count - 2] == "", "\(tall)")
  }

  @Test func everyLineOfATallBodyIsReachableInAShortWindow() throws {
    let state = try planState(trails: 12)
    let tall = Screen(state: state, offline: false, useColor: false).lines(height: 200)
    var seen = Set<String>()
    var view = ScreenView()
    for _ in 0..<12 {
      let lines = Screen(state: state, offline: false, useColor: false, view: view)
        .lines(height: 12)
      #expect(lines.count <= 12)
      seen.formUnion(lines)
      view = press([.down], on: state, view: view).view
    }
    let numbered = tall.filter { $0.contains(". ") && ($0.hasPrefix("  ") || $0.hasPrefix("›")) }
    for row in 1...12 {
      #expect(seen.contains { $0.contains(" \(row). ") }, "row \(row) never shown")
    }
    #expect(!numbered.isEmpty)
  }

  @Test func addAsksForTheDayAndSendsTheOneChosen() throws {
    var state = try planState(trails: 1)
    let trail = "gull-point-loop"
    Trails.reducer(&state, .show(.trail(trail)))

    let opened = press([.character("a")], on: state)
    #expect(opened.view.adding == ScreenView.AddPrompt(trailID: trail, day: 1))
    #expect(opened.sent.isEmpty)
    let prompt = Screen(state: state, offline: false, useColor: false, view: opened.view)
      .lines(height: 40)
    #expect(prompt.contains("Add Gull Point Loop to day 1?"))
    #expect(prompt.last == Screen.promptHelp)

    #expect(
      press([.character("a"), .right, .right, .enter], on: state).sent == [
        .edit(.add(trailID: trail, day: 3))
      ])
    #expect(
      press([.character("a"), .character("7"), .enter], on: state).sent == [
        .edit(.add(trailID: trail, day: 7))
      ])
    // Days stay within the planner's range; Esc adds nothing.
    let last = Trails.dayRange.upperBound
    #expect(
      press([.character("a")] + Array(repeating: .right, count: 30) + [.enter], on: state).sent
        == [.edit(.add(trailID: trail, day: last))])
    let cancelled = press([.character("a"), .escape, .enter], on: state)
    #expect(cancelled.view.adding == nil)
    #expect(cancelled.sent.isEmpty)
  }

  @Test func aTrailPageScrollsWithTheArrowsWhenTheWindowIsShort() throws {
    var state = try planState(trails: 1)
    Trails.reducer(&state, .show(.trail("gull-point-loop")))
    let full = Screen(state: state, offline: false, useColor: false).lines(height: 200)
    let short = Screen(state: state, offline: false, useColor: false).lines(height: 10)
    #expect(short.count <= 10)
    #expect(short.contains { $0.hasPrefix("  ↓ ") })
    let scrolled = press(Array(repeating: .down, count: 40), on: state).view
    let end = Screen(state: state, offline: false, useColor: false, view: scrolled)
      .lines(height: 10)
    // At the end the last line of the page shows, and nothing is hidden below.
    let lastOfPage = try #require(full.dropLast(2).last)
    #expect(end.contains(lastOfPage))
    #expect(!end.contains { $0.hasPrefix("  ↓ ") })
  }

  @Test func aNewPlaceStartsAtTheTopWithNoPrompt() throws {
    var state = try planState(trails: 3)
    let moved = ScreenView(selected: 2, scroll: 4, adding: nil)
    var next = state
    Trails.reducer(&next, .select(.explore))
    #expect(moved.following(from: state, to: next) == ScreenView())
    let same = state
    Trails.reducer(&state, .edit(.add(trailID: "gull-point-loop", day: 2)))
    #expect(moved.following(from: same, to: state) == moved)
  }
}

/// The key line offers only what works on the screen shown, and fits 80 columns.
struct ScreenKeyHelpTests {
  private func state(_ events: [Trails.Event]) throws -> Trails.State {
    let today = try #require(Day(year: 2026, month: 12, day: 1))
    var state = Trails.State(catalog: try TrailCatalog.fixtures(), today: today)
    Trails.reducer(&state, .restored(nil))
    for event in events { Trails.reducer(&state, event) }
    return state
  }

  @Test func addAndRemoveAreOfferedOnlyWhereTheyDoSomething() throws {
    let regions = Screen(state: try state([]), offline: false, useColor: false)
    #expect(regions.keyHelp == "e explore  p plan  ↑↓ select  enter open  q quit")
    #expect(regions.action(for: .character("a")) == nil)
    #expect(regions.action(for: .character("x")) == nil)

    let trail = Screen(
      state: try state([.show(.trail("gull-point-loop"))]), offline: false, useColor: false)
    #expect(trail.keyHelp == "e explore  p plan  ↑↓ scroll  b back  a add to a day  q quit")

    let planned = Screen(
      state: try state([
        .edit(.add(trailID: "gull-point-loop", day: 1)), .show(.trail("gull-point-loop")),
      ]), offline: false, useColor: false)
    #expect(
      planned.keyHelp
        == "e explore  p plan  ↑↓ scroll  b back  a add to a day  x remove  q quit")
    #expect(planned.keyHelp.count <= 80)
    #expect(planned.lines(height: 24).last == planned.keyHelp)
  }

  @Test func aReadOnlyPlanSaysWhyAndItsEditKeysDoNothing() throws {
    let notice =
      "/data/plan.sqlite is read-only (the file is not writable), so the plan cannot be "
      + "changed; make the file writable to edit"
    let screen = Screen(
      state: try state([
        .edit(.add(trailID: "gull-point-loop", day: 1)), .show(.trail("gull-point-loop")),
      ]), offline: false, useColor: false, readOnlyNotice: notice)
    let lines = screen.lines(height: 40)

    #expect(lines[0].hasSuffix("read-only"), "\(lines[0])")
    #expect(lines.contains(notice))
    #expect(screen.keyHelp == "e explore  p plan  ↑↓ scroll  b back  q quit")
    #expect(screen.action(for: .character("a")) == nil)
    #expect(screen.action(for: .character("x")) == nil)
  }
  @Test func aLongNoticeOrProblemWrapsInANarrowWindowWithEveryWordShown() throws {
    let notice =
      "/data/plan.sqlite is read-only (the file is not writable), so the plan cannot be "
      + "changed; make the file writable to edit"
    let screen = Screen(
      state: try state([.open("trails://trial/gull-point-loop")]), offline: false,
      useColor: false, readOnlyNotice: notice)
    let lines = screen.lines(height: 24, width: 60)

    #expect(lines.allSatisfy { $0.count <= 60 }, "\(lines)")
    #expect(lines.joined(separator: " ").contains(notice))
    #expect(lines.joined(separator: " ").contains("'trails://trial/gull-point-loop' is not a"))
    #expect(lines.joined(separator: " ").contains("make the file writable to edit"))
    #expect(lines.last == screen.keyHelp)
  }
}
