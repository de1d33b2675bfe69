import FixtureHTTP
import LoopSynchronization

/// Collects a server's log entries, from any thread.
final class LogRecorder: Sendable {
  private let entries = Mutex<[RequestLogEntry]>([])

  /// Appends `entry`; what the server calls.
  @Sendable func record(_ entry: RequestLogEntry) {
    entries.withLock { $0.append(entry) }
  }

  /// The lines logged so far, in order.
  var lines: [String] {
    entries.withLock { $0.map(\.line) }
  }
}
