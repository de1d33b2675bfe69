/// The distance, climbing and walking time of a set of trails: a plan, a day or one trail.
///
/// The time follows Naismith's rule: one hour per 5 km, plus one hour per 600 m of ascent.
///
/// ```swift
/// let totals = PlanTotals(plan: plan, catalog: catalog)
/// let time = totals.estimatedTime  // 10 km with 600 m of ascent: .seconds(3 * 3600)
/// ```
public struct PlanTotals: Hashable, Sendable, Codable {
  /// The total distance, in kilometres.
  public var distanceKm: Double
  /// The total climbing, in metres.
  public var ascentM: Int

  /// Creates totals from a distance and an ascent.
  ///
  /// - Parameters:
  ///   - distanceKm: The total distance, in kilometres.
  ///   - ascentM: The total climbing, in metres.
  public init(distanceKm: Double, ascentM: Int) {
    self.distanceKm = distanceKm
    self.ascentM = ascentM
  }

  /// Adds up `trails`.
  ///
  /// - Parameter trails: The trails to add up; a trail listed twice counts twice.
  public init(trails: [Trail]) {
    self.init(
      distanceKm: trails.reduce(0) { $0 + $1.distanceKm },
      ascentM: trails.reduce(0) { $0 + $1.ascentM })
  }

  /// Adds up every trail of every day of `plan`.
  ///
  /// A trail id the catalog does not know adds nothing.
  ///
  /// - Parameters:
  ///   - plan: The plan.
  ///   - catalog: Where the plan's trail ids are looked up.
  public init(plan: Plan, catalog: TrailCatalog) {
    self.init(trails: plan.days.flatMap(\.trailIDs).compactMap { catalog.trail(id: $0) })
  }

  /// Adds up the trails of one plan day.
  ///
  /// A trail id the catalog does not know adds nothing.
  ///
  /// - Parameters:
  ///   - day: The plan day.
  ///   - catalog: Where the day's trail ids are looked up.
  public init(day: PlanDay, catalog: TrailCatalog) {
    self.init(trails: day.trailIDs.compactMap { catalog.trail(id: $0) })
  }

  /// Nothing walked: no distance, no ascent, no time.
  public static let zero = PlanTotals(distanceKm: 0, ascentM: 0)

  /// The walking time by Naismith's rule, to the second.
  public var estimatedTime: Duration {
    Self.naismith(distanceKm: distanceKm, ascentM: ascentM)
  }

  /// The walking time for `distanceKm` with `ascentM` of climbing, by Naismith's rule.
  ///
  /// One hour per 5 km (720 s per km) plus one hour per 600 m of ascent (6 s per metre),
  /// rounded to the second.
  ///
  /// - Parameters:
  ///   - distanceKm: The distance, in kilometres.
  ///   - ascentM: The climbing, in metres.
  /// - Returns: The estimated time; 10 km with 600 m of ascent is exactly 3 hours.
  public static func naismith(distanceKm: Double, ascentM: Int) -> Duration {
    let seconds = distanceKm * 720 + Double(ascentM) * 6
    return .seconds(Int64(seconds.rounded()))
  }
}
