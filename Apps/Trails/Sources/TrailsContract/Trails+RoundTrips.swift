import Foundation
import LoopContracts
import TrailsFeature
import TrailsModel
import TrailsPersistence

extension Trails {
  /// What trails writes it must read back unchanged: the plan through its SQLite database on
  /// a real file, every route on screen as a deep link, and the state through a recording.
  static let roundTrips: [RoundTrip<State>] = [
    RoundTrip("the plan reads back from a SQLite database file as it was written", sample: 100) {
      $0.plan
    } through: { plan in
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("trails-round-trip-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let path = folder.appendingPathComponent("plan.sqlite").path
      _ = try PlanConnection(path: path).update { _ in plan }
      // Another connection, as the next run of trails opens the file.
      return try PlanConnection(path: path, access: .readOnly).load()?.plan
        ?? Plan(start: plan.start)
    },
    RoundTrip("every route on screen prints as a deep link that parses back to it", sample: 2_000) {
      ($0.explorePath + $0.planPath).map(\.link) + [.plan]
    } through: { links in
      try links.map { link in
        guard let parsed = DeepLink(link.description) else { throw UnparsedLink(text: "\(link)") }
        return parsed
      }
    },
    .recordingFile(app: "trails", events: Event.self),
    // A recording keeps how the planner was set up, so its replay builds the same planner.
    RoundTrip("a recording's settings give back the save window and watch interval", sample: 50) {
      state -> [Duration?] in
      let days = state.plan.days.count
      return [.milliseconds(250 * days), days.isMultiple(of: 2) ? .seconds(days) : nil]
    } through: { setup in
      let settings = Trails.recordingSettings(
        saveQuietWindow: setup[0] ?? .zero, watchInterval: setup[1])
      return [
        Trails.saveQuietWindow(inRecordingSettings: settings),
        Trails.watchInterval(inRecordingSettings: settings),
      ]
    },
  ]
}

/// A printed deep link that did not parse.
private struct UnparsedLink: Error {
  let text: String
}

extension Trails.Route {
  /// The deep link that opens this route.
  fileprivate var link: Trails.DeepLink {
    switch self {
    case .region(let id): .region(id)
    case .trail(let id): .trail(id)
    }
  }
}
