import TrailsFeature
import TrailsModel

/// The line a plan edit prints once it is saved.
enum Confirmation {
  static func text(for edit: Trails.PlanEdit, in plan: Plan) -> String {
    switch edit {
    case .add(let trail, let day):
      return "added \(trail) to day \(day) (\(plan.start.adding(days: day - 1)))"
    case .remove(let trail, let day?):
      return "removed \(trail) from day \(day)"
    case .remove(let trail, nil):
      return "removed \(trail) from the plan"
    case .move(let trail, _, let day):
      return "moved \(trail) to day \(day) (\(plan.start.adding(days: day - 1)))"
    case .removeDay(let day):
      return "removed day \(day)"
    case .setStart(let start):
      return "the plan starts on \(start)"
    case .clear:
      return "cleared the plan"
    }
  }
}
