import TrailsModel

extension Plan {
  /// The plan in the shape the planner keeps.
  ///
  /// Days numbered 1, 2, ... in order, each trail at most once a day, and no empty day at the
  /// end. Empty days in the middle stay: they are rest days.
  func normalized() -> Plan {
    var days = self.days.enumerated().map { index, day in
      var seen = Set<String>()
      return PlanDay(number: index + 1, trailIDs: day.trailIDs.filter { seen.insert($0).inserted })
    }
    while days.last?.trailIDs.isEmpty == true {
      days.removeLast()
    }
    return Plan(start: start, days: days)
  }

  /// Adds empty days until the plan has day `number`.
  mutating func extend(to number: Int) {
    while days.count < number {
      days.append(PlanDay(number: days.count + 1))
    }
  }

  /// The numbers of the days that walk `trailID`, in order.
  func days(walking trailID: String) -> [Int] {
    days.filter { $0.trailIDs.contains(trailID) }.map(\.number)
  }
}
