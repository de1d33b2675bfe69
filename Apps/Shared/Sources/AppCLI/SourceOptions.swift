import CommandLineParsing
import Foundation
import Terminal

/// Where an app's data comes from: `--source fixtures|live`, `--api-base URL` and
/// `--timeout SECONDS`, declared, read and checked the same way in every app, with one
/// message for each mistake.
///
/// The rule, in order: `--source` wins when given; `--api-base` alone means live; with
/// neither, live when the app says so (`movies` and `movie-search` when `TMDB_API_KEY` is
/// set), else the bundled fixtures. `--source fixtures --api-base URL` is a usage error, as
/// is a base that is not an http or https URL with a host.
///
/// ```swift
/// struct Arguments: CommandArguments {
///   let source = SourceOptions.Arguments(service: "TMDB", liveWhen: "TMDB_API_KEY is set")
/// }
/// static func source(_ arguments: Parsed<Arguments>, token: String?) throws -> SourceOptions {
///   try SourceOptions(arguments.source, liveByDefault: token != nil)
/// }
/// ```
public struct SourceOptions: Hashable, Sendable {
  /// The values `--source` takes.
  public enum Source: String, CaseIterable, ArgumentValue, Sendable {
    /// The bundled fixtures: offline, the same every run.
    case fixtures
    /// The live service over HTTP (or the host `--api-base` names).
    case live
  }

  /// The source the command runs on.
  public let source: Source
  /// `--api-base`, when given; `nil` means the service's own host.
  public let apiBase: URL?
  /// `--timeout`: how long a live request may take before it counts as timed out (and is
  /// retried like a 503); ``defaultTimeout`` unless given.
  public let timeout: Duration
  /// Whether the command line chose the source (`--source` or `--api-base`); `false` when
  /// it is the default, which the apps mention once on standard error.
  public let isChosen: Bool

  /// The timeout of a live request unless `--timeout` is given: 30 seconds.
  public static let defaultTimeout: Duration = .seconds(30)
  /// The range `--timeout` accepts, in seconds.
  public static let timeoutRange: ClosedRange<Double> = 0.1...600

  /// The one line an app prints on standard error when it runs offline because nothing
  /// chose a source: the same words in every app, under 80 columns.
  ///
  /// - Parameters:
  ///   - app: The command's name, which starts the line.
  ///   - service: The live service: `TMDB`, `Open-Meteo`.
  ///   - credential: The variable that makes live the default (`TMDB_API_KEY`), if any.
  /// - Returns: Such as `movies: offline fixtures; set TMDB_API_KEY or pass --source live
  ///   for TMDB`.
  public static func offlineNotice(app: String, service: String, credential: String? = nil)
    -> String
  {
    let howToGoLive = credential.map { "set \($0) or pass" } ?? "pass"
    return "\(app): offline fixtures; \(howToGoLive) --source live for \(service)"
  }

  /// `--source`, `--api-base` and `--timeout`, declared once for every app.
  public struct Arguments: ArgumentGroup {
    /// `--source SOURCE`.
    let source: OptionValue<Source?>
    /// `--api-base URL`: http or https, with a host.
    let apiBase: OptionValue<URL?>
    /// `--timeout SECONDS`, within ``SourceOptions/timeoutRange``.
    let timeout: OptionValue<Duration?>

    /// Declares the three options.
    ///
    /// - Parameters:
    ///   - service: The live service's name, for the help: `TMDB`, `Open-Meteo`.
    ///   - liveWhen: When live is the default, for the help (`TMDB_API_KEY is set`); `nil`
    ///     when the fixtures always are.
    public init(service: String, liveWhen: String? = nil) {
      let byDefault = liveWhen.map { "live when \($0), else fixtures" } ?? "fixtures by default"
      source = OptionValue(
        "source", valueName: "SOURCE",
        help: "fixtures (bundled, offline) or live (\(service)); \(byDefault)")
      apiBase = OptionValue(
        "api-base", valueName: "URL",
        help: "Send live requests to URL instead of \(service) (implies --source live)",
        parse: SourceOptions.baseURL,
        expecting: "an http or https URL with a host, such as http://127.0.0.1:8787")
      timeout = OptionValue(
        "timeout", valueName: "SECONDS",
        help: "Give up on a live request after SECONDS (default 30); it is retried like a 503",
        parse: SourceOptions.timeout, expecting: "a number of seconds from 0.1 to 600, such as 10")
    }
  }

  /// Reads and checks the three options.
  ///
  /// - Parameters:
  ///   - arguments: The parsed command line, read through the command's
  ///     ``SourceOptions/Arguments``.
  ///   - liveByDefault: Whether live is the source when neither option is given.
  /// - Throws: `UsageError` for a value `--source` does not take, a malformed
  ///   `--api-base`, `--api-base` with `--source fixtures`, or a `--timeout` that is not a
  ///   number of seconds in ``timeoutRange``.
  public init(_ arguments: Parsed<Arguments>, liveByDefault: Bool = false) throws(UsageError) {
    let given = try arguments.source
    let base = try arguments.apiBase
    if given == .fixtures, base != nil {
      throw UsageError(
        "--api-base applies to --source live; drop one of them", usage: arguments.usage)
    }
    source = given ?? (base != nil || liveByDefault ? .live : .fixtures)
    apiBase = base
    isChosen = given != nil || base != nil
    timeout = try arguments.timeout ?? Self.defaultTimeout
  }

  /// A group with these values, as a command line would give it.
  init(source: Source, apiBase: URL?, isChosen: Bool, timeout: Duration = defaultTimeout) {
    self.source = source
    self.apiBase = apiBase
    self.isChosen = isChosen
    self.timeout = timeout
  }

  /// `--timeout`'s text as a duration: seconds, whole or not, within ``timeoutRange``.
  private static func timeout(_ text: String) -> Duration? {
    guard let seconds = Double(text), timeoutRange.contains(seconds) else { return nil }
    return .milliseconds(Int((seconds * 1000).rounded()))
  }

  /// `text` as a base URL: http or https, with a host.
  private static func baseURL(_ text: String) -> URL? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
    else { return nil }
    return url
  }
}
