extension Trails {
  /// Which forecasts a planner asks its ``WeatherService`` for.
  ///
  /// The interactive planner shows every screen, so it asks for both kinds; a one-shot
  /// command asks only for what it prints (`trails plan add` in text prints none), so a
  /// scripted edit sends no request whose answer it would not read. A kind left out has no
  /// feedback at all: the state still lists the planned (day, trail) pairs in
  /// ``State/forecasts`` as loading, and nothing answers them.
  public struct ForecastRequests: OptionSet, Hashable, Sendable {
    /// The bits: 1 planned, 2 the trail on screen.
    public let rawValue: Int

    /// Creates the set from its bits.
    ///
    /// - Parameter rawValue: 1 for ``planned``, 2 for ``shownTrail``, 3 for both.
    public init(rawValue: Int) {
      self.rawValue = rawValue
    }

    /// One forecast per planned (day, trail), for as long as it is planned.
    public static let planned = ForecastRequests(rawValue: 1)
    /// The forecast of the trail on screen.
    public static let shownTrail = ForecastRequests(rawValue: 2)
    /// Both: what the interactive planner asks for, and the default. (None is `[]`: a
    /// static `none` would read as `Optional.none` where an optional set is expected.)
    public static let all: ForecastRequests = [.planned, .shownTrail]

    /// The forecasts a screen of `state` shows: the trail's on a trail, the planned ones on
    /// the plan, none on the regions or a region.
    ///
    /// - Parameter state: The state whose screen is printed.
    /// - Returns: The kinds of forecast to ask for.
    public static func shown(in state: State) -> ForecastRequests {
      switch (state.tab, state.shownRoute) {
      case (_, .trail?): .shownTrail
      case (.plan, nil), (.plan, .region?): .planned
      case (.explore, nil), (.explore, .region?): []
      }
    }
  }
}

extension Trails.State {
  /// Whether every forecast of the kinds in `requests` has its answer: the planned ones
  /// (with ``Trails/ForecastRequests/planned``) and the trail on screen's (with
  /// ``Trails/ForecastRequests/shownTrail``).
  ///
  /// - Parameter requests: The kinds a planner asks for.
  /// - Returns: Whether none of them is still loading.
  public func forecastsSettled(_ requests: Trails.ForecastRequests) -> Bool {
    (!requests.contains(.planned) || !forecasts.values.contains(.loading))
      && (!requests.contains(.shownTrail) || trailForecast?.status != .loading)
  }
}
