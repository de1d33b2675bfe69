import Fixtures
import Foundation
import TestSupport
import Testing
import TrailsModel
import Weather

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The live forecast client fed 1,200 malformed bodies: a forecast or a ``WeatherError``, always.
///
/// Each body is answered by its own host through one stubbed session (one session for the
/// whole test: per-request sessions have known Linux crashes), so the bytes go through
/// URLSession, the status check and `JSONDecoder` as Open-Meteo's would. The bodies come from
/// ``PayloadMutation`` with a fixed seed; a failure names its case, which the next run makes
/// again.
struct MalformedPayloadTests {
  static let seed: UInt64 = 0x0CEA_0001
  static let count = 1_200
  /// Requests in flight at once.
  static let concurrency = 8
  /// Every eighth case is answered with one of these instead of 200.
  static let errorStatuses = [400, 404, 429, 500, 503]
  static let trailhead = Coordinate(latitude: 44.6231, longitude: -124.0612)

  /// What one case came to.
  enum Outcome: Sendable {
    case forecast
    case weatherError(WeatherError)
    case otherError(String)
  }

  /// A case, the status it is served with, and what came of it.
  struct Run: Sendable {
    let mutation: PayloadMutation
    let status: Int
    let outcome: Outcome
  }

  static func bases() throws -> [(name: String, data: Data)] {
    try Fixtures.paths(in: "weather").filter { $0.hasSuffix(".json") }.map {
      ($0, try Fixtures.data($0))
    }
  }

  @Test func everyMutatedBodyDecodesToAForecastOrThrowsWeatherError() async throws {
    let mutations = try PayloadMutation.cases(
      from: Self.bases(), count: Self.count, seed: Self.seed)
    #expect(mutations.count >= 1_000)
    let session = StubURLProtocol.session()
    defer { session.finishTasksAndInvalidate() }
    let runs = await Self.serve(mutations, session: session)
    #expect(runs.count == mutations.count)
    var decoded = 0
    var decodingErrors = 0
    for run in runs {
      switch (run.status, run.outcome) {
      case (200, .forecast):
        decoded += 1
      case (200, .weatherError(.decoding)):
        decodingErrors += 1
      case (400, .weatherError(.badRequest)), (404, .weatherError(.http(404))),
        (429, .weatherError(.rateLimited)), (500, .weatherError(.server(500))),
        (503, .weatherError(.server(503))):
        break
      case (_, .forecast):
        Issue.record("\(run.mutation) with HTTP \(run.status): expected an error, got a forecast")
      case (_, .weatherError(let error)):
        Issue.record(
          "\(run.mutation) with HTTP \(run.status): got \(error), which does not match the status")
      case (_, .otherError(let description)):
        Issue.record(
          Comment(
            rawValue:
              "\(run.mutation) with HTTP \(run.status): expected a WeatherError, got \(description); "
              + "map it to WeatherError in WeatherService.live"))
      }
    }
    // Both answers happen: the mutations are neither all harmless nor all fatal.
    #expect(decoded > 0)
    #expect(decodingErrors > 500)
  }

  /// Serves each mutation from its own host, at most ``concurrency`` at a time.
  static func serve(_ mutations: [PayloadMutation], session: URLSession) async -> [Run] {
    await withTaskGroup(of: Run.self) { group in
      var runs: [Run] = []
      var next = 0
      func startNext() {
        guard next < mutations.count else { return }
        let mutation = mutations[next]
        next += 1
        group.addTask { await Self.serve(mutation, session: session) }
      }
      for _ in 0..<concurrency { startNext() }
      while let run = await group.next() {
        runs.append(run)
        startNext()
      }
      return runs
    }
  }

  static func serve(_ mutation: PayloadMutation, session: URLSession) async -> Run {
    let status =
      mutation.index % 8 == 7 ? errorStatuses[mutation.index / 8 % errorStatuses.count] : 200
    let host = "malformed-\(mutation.index)-\(UUID().uuidString.lowercased()).open-meteo.test"
    StubURLProtocol.register(.http(status: status, body: mutation.body), for: host)
    defer { StubURLProtocol.unregister(host) }
    do {
      guard let baseURL = URL(string: "https://\(host)") else {
        return Run(mutation: mutation, status: status, outcome: .otherError("no URL for \(host)"))
      }
      _ = try await WeatherService.live(baseURL: baseURL, session: session, clock: RecordingClock())
        .forecast(
          Self.trailhead)
      return Run(mutation: mutation, status: status, outcome: .forecast)
    } catch let error as WeatherError {
      return Run(mutation: mutation, status: status, outcome: .weatherError(error))
    } catch {
      return Run(
        mutation: mutation, status: status, outcome: .otherError("\(type(of: error)): \(error)"))
    }
  }
}
