extension Trails.State {
  /// Selects `tab`; selecting the tab on screen pops it to its root.
  mutating func select(_ selected: Trails.Tab) {
    if selected == tab {
      setPath(of: tab, to: [])
    } else {
      tab = selected
    }
    syncTrailForecast()
  }

  /// Shows `route` in the tab on screen.
  ///
  /// In the explore tab a region shows at the path's first step and a trail under its region;
  /// in the plan tab a trail shows at the first step, and a region is a problem.
  mutating func show(_ route: Trails.Route) {
    switch (tab, route) {
    case (.explore, _):
      guard let path = explorePath(to: route) else { return }
      explorePath = path
    case (.plan, .trail(let id)):
      guard catalog.trail(id: id) != nil else {
        problem = .unknownTrail(id)
        return
      }
      planPath = [route]
    case (.plan, .region(let id)):
      problem = catalog.region(id: id) == nil ? .unknownRegion(id) : .regionOutsideExplore(id)
      return
    }
    syncTrailForecast()
  }

  /// Goes back one step in the tab on screen; nothing happens at its root.
  mutating func back() {
    var path = path(of: tab)
    guard !path.isEmpty else { return }
    path.removeLast()
    setPath(of: tab, to: path)
    syncTrailForecast()
  }

  /// Opens a deep link: selects its tab and shows its route there.
  mutating func open(_ text: String) {
    guard let link = Trails.DeepLink(text) else {
      problem = .malformedLink(text)
      return
    }
    switch link {
    case .region(let id):
      guard let path = explorePath(to: .region(id)) else { return }
      tab = .explore
      explorePath = path
    case .trail(let id):
      guard let path = explorePath(to: .trail(id)) else { return }
      tab = .explore
      explorePath = path
    case .plan:
      tab = .plan
      planPath = []
    }
    syncTrailForecast()
  }

  /// The explore path that shows `route`, or `nil` (and a problem) for an unknown id.
  private mutating func explorePath(to route: Trails.Route) -> [Trails.Route]? {
    switch route {
    case .region(let id):
      guard catalog.region(id: id) != nil else {
        problem = .unknownRegion(id)
        return nil
      }
      return [route]
    case .trail(let id):
      guard let trail = catalog.trail(id: id) else {
        problem = .unknownTrail(id)
        return nil
      }
      return [.region(trail.regionID), route]
    }
  }

  private mutating func setPath(of tab: Trails.Tab, to path: [Trails.Route]) {
    switch tab {
    case .explore: explorePath = path
    case .plan: planPath = path
    }
  }

  /// Starts the trail forecast over when the trail on screen changed.
  private mutating func syncTrailForecast() {
    let shown = shownTrailID
    guard trailForecast?.trailID != shown else { return }
    trailForecast = shown.map { Trails.TrailForecast(trailID: $0, status: .loading) }
  }
}
