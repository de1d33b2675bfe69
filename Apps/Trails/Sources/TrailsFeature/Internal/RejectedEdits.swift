import Synchronization

/// The problems of the edits a write could not apply, handed out of the store's change.
///
/// The change runs inside ``TrailsModel/TrailStore/update`` (on the store's thread, under its
/// transaction); the write's effect reads what it left once `update` returns.
final class RejectedEdits: Sendable {
  private let problems = Mutex<[Trails.Problem]>([])

  /// What the last run of the change found; a store that runs the change again replaces it.
  var value: [Trails.Problem] {
    problems.withLock { $0 }
  }

  /// Records what one run of the change found.
  func set(_ found: [Trails.Problem]) {
    problems.withLock { $0 = found }
  }
}
