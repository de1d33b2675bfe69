import TrailsModel

extension Trails.PlanEdit {
  /// The plan after this edit, normalized, or the problem that stops it.
  func applied(to plan: Plan, in catalog: TrailCatalog) -> Result<Plan, Trails.Problem> {
    var plan = plan
    switch self {
    case .add(let id, let day):
      guard catalog.trail(id: id) != nil else { return .failure(.unknownTrail(id)) }
      guard Trails.dayRange.contains(day) else { return .failure(.dayOutOfRange(day)) }
      plan.extend(to: day)
      guard !plan.days[day - 1].trailIDs.contains(id) else {
        return .failure(.alreadyPlanned(trailID: id, day: day))
      }
      plan.days[day - 1].trailIDs.append(id)
    case .remove(let id, let day):
      let days = plan.days(walking: id)
      guard day.map({ days.contains($0) }) ?? !days.isEmpty else {
        return .failure(Self.missing(id, day: day, in: catalog))
      }
      for index in plan.days.indices where day == nil || plan.days[index].number == day {
        plan.days[index].trailIDs.removeAll { $0 == id }
      }
    case .move(let id, let from, let to):
      guard Trails.dayRange.contains(to) else { return .failure(.dayOutOfRange(to)) }
      let days = plan.days(walking: id)
      let source: Int
      if let from {
        guard days.contains(from) else { return .failure(Self.missing(id, day: from, in: catalog)) }
        source = from
      } else {
        guard let only = days.first else {
          return .failure(Self.missing(id, day: nil, in: catalog))
        }
        guard days.count == 1 else { return .failure(.ambiguousDay(trailID: id, days: days)) }
        source = only
      }
      // Moving a trail to the day it is on is refused as adding it there again is: the user
      // asked for a change that cannot happen, and "moved" would be untrue.
      plan.extend(to: to)
      guard source != to, !plan.days[to - 1].trailIDs.contains(id) else {
        return .failure(.alreadyPlanned(trailID: id, day: to))
      }
      plan.days[source - 1].trailIDs.removeAll { $0 == id }
      plan.days[to - 1].trailIDs.append(id)
    case .removeDay(let day):
      guard plan.days.indices.contains(day - 1) else { return .failure(.noSuchDay(day)) }
      plan.days.remove(at: day - 1)
    case .setStart(let start):
      plan.start = start
    case .clear:
      plan.days = []
    }
    return .success(plan.normalized())
  }

  /// Why `id` cannot be found on `day`: it is not a trail at all, or not planned there.
  private static func missing(_ id: String, day: Int?, in catalog: TrailCatalog) -> Trails.Problem {
    catalog.trail(id: id) == nil ? .unknownTrail(id) : .notPlanned(trailID: id, day: day)
  }
}
