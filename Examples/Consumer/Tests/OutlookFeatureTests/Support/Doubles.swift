import LoopTesting
import OutlookFeature
import Synchronization
import Testing

extension Outlook.State {
  /// Harrow restored and shown: where most tests start, placed there by seeding.
  static let harrow = Outlook.State(query: "Harrow", place: "Harrow", restoration: .done)
}

extension ForecastService {
  /// The fixtures, with each request answered by `work` (one generation per request).
  static func answering(_ work: ControlledWork<Forecast>) -> ForecastService {
    var service = ForecastService.fixtures
    service.forecast = { _ in try await work.makeWork() }
    return service
  }

  /// The fixtures, with each subscription driven by `updates` (one generation per
  /// subscription).
  static func following(_ updates: ControlledStream<Forecast>) -> ForecastService {
    var service = ForecastService.fixtures
    service.updates = { _ in updates.makeStream() }
    return service
  }
}

/// A subscription stub with the broadcast semantics a real feed has: a subscriber gets the
/// current forecast when it subscribes (if there is one), then every change.
///
/// Its streams are real `AsyncStream`s, not test instruments: a store that follows it never
/// settles until ``finishAllStreams()``.
final class BroadcastFeed: Sendable {
  private struct Subscribers {
    var current: Forecast?
    var continuations: [AsyncThrowingStream<Forecast, any Error>.Continuation] = []
  }

  private let subscribers = Mutex(Subscribers())

  /// A new subscription: the current forecast first, if any, then every change.
  func updates(_ place: String) -> AsyncThrowingStream<Forecast, any Error> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: Forecast.self)
    subscribers.withLock { subscribers in
      if let current = subscribers.current { continuation.yield(current) }
      subscribers.continuations.append(continuation)
    }
    return stream
  }

  /// Makes `forecast` current and sends it to every subscriber.
  func publish(_ forecast: Forecast) {
    let continuations = subscribers.withLock { subscribers in
      subscribers.current = forecast
      return subscribers.continuations
    }
    for continuation in continuations { continuation.yield(forecast) }
  }

  /// Ends every subscription, so a store that follows the feed can settle.
  func finishAllStreams() {
    let continuations = subscribers.withLock { subscribers in
      defer { subscribers.continuations = [] }
      return subscribers.continuations
    }
    for continuation in continuations { continuation.finish() }
  }
}

extension ForecastService {
  /// The fixtures, with every subscription on `feed`.
  static func broadcasting(_ feed: BroadcastFeed) -> ForecastService {
    var service = ForecastService.fixtures
    service.updates = { place in feed.updates(place) }
    return service
  }
}

/// Whether a known issue's comments contain every one of `phrases`: how a misuse test checks
/// that the library's message says what to write instead.
func says(_ issue: Issue, _ phrases: String...) -> Bool {
  let text = issue.comments.map(\.rawValue).joined(separator: "\n")
  return phrases.allSatisfy { text.contains($0) }
}
