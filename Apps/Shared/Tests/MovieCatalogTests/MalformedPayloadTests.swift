import Fixtures
import Foundation
import MovieCatalog
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The live client's decoding path fed 1,200 malformed bodies: a page or a typed error, always.
///
/// Each body is served by its own ``StubServer`` host through the shared stub session, so the
/// bytes go through URLSession, the status check, the retry loop and `JSONDecoder` exactly as
/// TMDB's would. The bodies come from ``PayloadMutation`` with a fixed seed: a failure names
/// its case (`#412 truncated of movies/popular-1.json`), which the next run makes again.
struct MalformedPayloadTests {
  static let seed: UInt64 = 0x7D3B_0001
  static let count = 1_200
  /// Requests in flight at once: one URLSession request each is quick, a thousand in a row
  /// is not.
  static let concurrency = 8
  /// Every eighth case is answered with one of these instead of 200.
  static let errorStatuses = [400, 401, 404, 418, 429, 500, 502, 503]

  /// What one case came to.
  enum Outcome: Sendable {
    case page
    case catalogError(MovieCatalogError)
    case otherError(String)
  }

  /// A case, the status it is served with, and what came of it.
  struct Run: Sendable {
    let mutation: PayloadMutation
    let status: Int
    let outcome: Outcome
  }

  static func bases() throws -> [(name: String, data: Data)] {
    let paths =
      ["movies/popular-1.json", "movies/popular-5.json"] + Fixtures.paths(in: "movies/search")
      + Fixtures.paths(in: "movies/errors")
    return try paths.filter { $0.hasSuffix(".json") }.map { ($0, try Fixtures.data($0)) }
  }

  @Test func everyMutatedBodyDecodesToAPageOrThrowsMovieCatalogError() async throws {
    let mutations = try PayloadMutation.cases(
      from: Self.bases(), count: Self.count, seed: Self.seed)
    #expect(mutations.count >= 1_000)
    let runs = await Self.serve(mutations)
    #expect(runs.count == mutations.count)
    var decoded = 0
    var decodingErrors = 0
    for run in runs {
      switch (run.status, run.outcome) {
      case (200, .page):
        decoded += 1
      case (200, .catalogError(.decoding)):
        decodingErrors += 1
      case (200, .catalogError(let error)):
        Issue.record("\(run.mutation) with HTTP 200: expected a page or .decoding, got \(error)")
      case (_, .page):
        Issue.record("\(run.mutation) with HTTP \(run.status): expected an error, got a page")
      case (_, .catalogError(.decoding(let description))):
        Issue.record(
          Comment(
            rawValue:
              "\(run.mutation) with HTTP \(run.status): the status decides the error, not the body; "
              + "got .decoding(\(description))"))
      case (_, .catalogError):
        break
      case (_, .otherError(let description)):
        Issue.record(
          Comment(
            rawValue: "\(run.mutation) with HTTP \(run.status): expected a MovieCatalogError, got "
              + "\(description); map it to MovieCatalogError in TMDBClient"))
      }
    }
    // Both answers happen: the mutations are neither all harmless nor all fatal.
    #expect(decoded > 0)
    #expect(decodingErrors > 500)
  }

  @Test func mutationsAreTheSameOnEveryRun() throws {
    let first = try PayloadMutation.cases(from: Self.bases(), count: 50, seed: Self.seed)
    let second = try PayloadMutation.cases(from: Self.bases(), count: 50, seed: Self.seed)
    #expect(first.map(\.body) == second.map(\.body))
    #expect(Set(first.map(\.kind)) == Set(PayloadMutation.Kind.allCases))
  }

  /// Serves each mutation from its own host, at most ``concurrency`` at a time.
  static func serve(_ mutations: [PayloadMutation]) async -> [Run] {
    await withTaskGroup(of: Run.self) { group in
      var runs: [Run] = []
      var next = 0
      func startNext() {
        guard next < mutations.count else { return }
        let mutation = mutations[next]
        next += 1
        group.addTask { await Self.serve(mutation) }
      }
      for _ in 0..<concurrency { startNext() }
      while let run = await group.next() {
        runs.append(run)
        startNext()
      }
      return runs
    }
  }

  static func serve(_ mutation: PayloadMutation) async -> Run {
    let status =
      mutation.index % 8 == 7 ? errorStatuses[mutation.index / 8 % errorStatuses.count] : 200
    let server = StubServer(
      .http(status: status, headers: ["Content-Type": "application/json"], body: mutation.body))
    do {
      let catalog = try server.catalog()
      if mutation.index.isMultiple(of: 2) {
        _ = try await catalog.popular(1)
      } else {
        _ = try await catalog.search("star", 1)
      }
      return Run(mutation: mutation, status: status, outcome: .page)
    } catch let error as MovieCatalogError {
      return Run(mutation: mutation, status: status, outcome: .catalogError(error))
    } catch {
      return Run(
        mutation: mutation, status: status, outcome: .otherError("\(type(of: error)): \(error)"))
    }
  }
}
