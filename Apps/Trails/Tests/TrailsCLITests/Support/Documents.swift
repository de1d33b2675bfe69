/// The parts of the JSON output the tests read back.
enum Documents {
  struct RegionSummary: Decodable {
    let id: String
    let name: String
    let trailCount: Int
  }

  struct Plan: Decodable {
    struct DayEntry: Decodable {
      let number: Int
      let date: String
      let trails: [Entry]
    }

    struct Entry: Decodable {
      let id: String
    }

    let start: String
    let days: [DayEntry]
  }
}
