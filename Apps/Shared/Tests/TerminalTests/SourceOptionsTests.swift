import Foundation
import Testing

@testable import AppCLI
@testable import CommandLineParsing

/// `--source` and `--api-base`: one rule and one message per mistake, for every app.
struct SourceOptionsTests {
  private static let declarations = SourceOptions.Arguments(
    service: "TMDB", liveWhen: "TMDB_API_KEY is set")
  private static let spec = CommandSpec(
    name: "app", abstract: "An app with a live source.",
    options: declarations.declarations.options)
  private static let usage = "usage: app [options]"

  private func read(_ arguments: String..., liveByDefault: Bool = false) throws -> SourceOptions {
    let parsed = try #require(try Self.spec.parse(arguments).arguments)
    return try SourceOptions(Self.declarations.read(from: parsed), liveByDefault: liveByDefault)
  }

  @Test func theFixturesAreTheDefaultUnlessTheAppSaysLive() throws {
    #expect(try read() == SourceOptions(source: .fixtures, apiBase: nil, isChosen: false))
    #expect(
      try read(liveByDefault: true) == SourceOptions(source: .live, apiBase: nil, isChosen: false))
  }

  @Test func sourceWinsOverTheDefaultAndCountsAsChosen() throws {
    #expect(
      try read("--source", "fixtures", liveByDefault: true)
        == SourceOptions(source: .fixtures, apiBase: nil, isChosen: true))
    #expect(
      try read("--source", "live") == SourceOptions(source: .live, apiBase: nil, isChosen: true))
  }

  @Test func anAPIBaseAloneMeansLive() throws {
    let base = try #require(URL(string: "http://127.0.0.1:8787"))
    #expect(
      try read("--api-base", "http://127.0.0.1:8787")
        == SourceOptions(source: .live, apiBase: base, isChosen: true))
    let upper = try #require(URL(string: "HTTPS://example.org/v3"))
    #expect(
      try read("--source", "live", "--api-base", "HTTPS://example.org/v3")
        == SourceOptions(source: .live, apiBase: upper, isChosen: true))
  }

  @Test(arguments: ["ftp://example.org", "example.org", "http://", "http:///path", "::"])
  func aBaseThatIsNotAnHTTPURLWithAHostIsOneUsageError(base: String) {
    #expect(
      throws: UsageError(
        "--api-base expects an http or https URL with a host, such as http://127.0.0.1:8787, "
          + "got '\(base)'", usage: Self.usage)
    ) {
      try read("--api-base", base)
    }
  }

  @Test func anAPIBaseWithTheFixturesIsAUsageError() {
    #expect(
      throws: UsageError(
        "--api-base applies to --source live; drop one of them", usage: Self.usage)
    ) {
      try read("--source", "fixtures", "--api-base", "http://127.0.0.1:8787")
    }
  }

  @Test func anUnknownSourceNamesTheValuesItTakes() {
    #expect(
      throws: UsageError(
        "--source expects one of 'fixtures', 'live', got 'web'", usage: Self.usage)
    ) {
      try read("--source", "web")
    }
  }

  @Test func theHelpNamesTheServiceAndTheDefault() {
    let help = SourceOptions.Arguments(service: "Open-Meteo").declarations.options.map(\.help)
    #expect(
      help == [
        "fixtures (bundled, offline) or live (Open-Meteo); fixtures by default",
        "Send live requests to URL instead of Open-Meteo (implies --source live)",
        "Give up on a live request after SECONDS (default 30); it is retried like a 503",
      ])
  }

  @Test func theTimeoutIsThirtySecondsUnlessGivenInSeconds() throws {
    #expect(try read().timeout == .seconds(30))
    #expect(try read("--timeout", "2.5").timeout == .milliseconds(2500))
    #expect(try read("--timeout", "600").timeout == .seconds(600))
  }

  @Test(arguments: ["0", "0.05", "601", "-1", "ten", "nan"])
  func aTimeoutOutsideItsRangeIsAUsageError(text: String) {
    #expect(
      throws: UsageError(
        "--timeout expects a number of seconds from 0.1 to 600, such as 10, got '\(text)'",
        usage: Self.usage)
    ) {
      try read("--timeout", text)
    }
  }
}
