import TrailsFeature

/// What the interactive screen keeps between frames, apart from the store's state: the
/// selected row, how far a screen without rows is scrolled, and the add-to-day prompt.
///
/// It is the terminal's business, not the planner's: moving the selection sends nothing.
struct ScreenView: Equatable {
  /// The prompt `a` opens on a trail: which day to add it to.
  struct AddPrompt: Equatable {
    /// The trail being added.
    let trailID: String
    /// The day chosen so far, within ``Trails/dayRange``.
    var day: Int
  }

  /// The index of the selected row (highlighted; Enter opens it).
  var selected = 0
  /// The first line shown of a body without rows (a trail), which ↑ and ↓ scroll.
  var scroll = 0
  /// The open add prompt, if any.
  var adding: AddPrompt?

  /// The view for `next`: the same one while the screen shows the same place, a fresh one
  /// (top, first row, no prompt) when the tab or the route shown changed.
  func following(from old: Trails.State, to next: Trails.State) -> ScreenView {
    old.tab == next.tab && old.shownRoute == next.shownRoute ? self : ScreenView()
  }
}
