import CalendarDay
import Foundation
import HTTPTransportDoubles
import MovieCatalog

/// TMDB answers written by hand, with what the live catalog promises to make of each: the
/// cases the contracts of every app on `MovieCatalog` (movies, movie-search) run through
/// their own stores.
///
/// The expected values come from the catalog's documentation (`Day`: exactly
/// `YYYY-MM-DD`, a real day of the proleptic Gregorian calendar between years 1 and 9999, `""`
/// for an unknown day; `MovieCatalogError.userMessage`: one line naming the HTTP status and
/// what TMDB said), worked out here rather than by the code they check.
public enum TMDBSamples {
  /// A page of one movie, id 7, titled "Seven", released on `releaseDate` and rated
  /// `voteAverage`, as TMDB writes it; every other field differs from its default, so each
  /// one read from the wrong key shows.
  ///
  /// - Parameters:
  ///   - releaseDate: The `release_date` text, written as given.
  ///   - voteAverage: The `vote_average`.
  /// - Returns: The JSON body.
  public static func onePage(releaseDate: String, voteAverage: Double = 6.5) -> String {
    #"{"page":1,"results":[{"adult":true,"backdrop_path":"/seven-wide.jpg","genre_ids":[18,53],"#
      + #""id":7,"original_language":"fr","original_title":"Sept","overview":"Seven sins.","#
      + #""popularity":1.5,"poster_path":"/seven.jpg","release_date":"\#(releaseDate)","#
      + #""title":"Seven","video":true,"vote_average":\#(voteAverage),"vote_count":3}],"#
      + #""total_pages":1,"total_results":1}"#
  }

  /// The movie of ``onePage(releaseDate:voteAverage:)``, field by field, released on `day`.
  ///
  /// - Parameter day: Its release day, `nil` for `""`.
  /// - Returns: The movie.
  public static func onePageMovie(releasedOn day: Day?) -> Movie {
    Movie(
      id: 7, title: "Seven", originalTitle: "Sept", originalLanguage: "fr",
      overview: "Seven sins.", genreIDs: [18, 53], popularity: 1.5, voteAverage: 6.5,
      voteCount: 3, adult: true, video: true, posterPath: "/seven.jpg",
      backdropPath: "/seven-wide.jpg", releaseDate: day)
  }

  /// Requests that fail in the network, with the line each failure shows (none is asked
  /// again: only a request that timed out is), from a client whose host is
  /// `api.themoviedb.org`.
  public static let networkFailures: [(code: URLError.Code, line: String)] = [
    (
      .cannotConnectToHost,
      "could not connect to api.themoviedb.org: connection refused (URLError -1004)"
    ),
    (.cannotFindHost, "could not find the host api.themoviedb.org: unknown host (URLError -1003)"),
    (.dnsLookupFailed, "could not look up the host api.themoviedb.org (URLError -1006)"),
    (
      .notConnectedToInternet,
      "could not reach api.themoviedb.org: not connected to the internet (URLError -1009)"
    ),
    (.networkConnectionLost, "the connection to api.themoviedb.org was lost (URLError -1005)"),
    (
      .secureConnectionFailed,
      "could not make a secure connection to api.themoviedb.org (URLError -1200)"
    ),
    (
      .serverCertificateUntrusted,
      "could not make a secure connection to api.themoviedb.org (URLError -1202)"
    ),
    (
      .serverCertificateHasBadDate,
      "could not make a secure connection to api.themoviedb.org (URLError -1201)"
    ),
    (
      .serverCertificateHasUnknownRoot,
      "could not make a secure connection to api.themoviedb.org (URLError -1203)"
    ),
    (
      .serverCertificateNotYetValid,
      "could not make a secure connection to api.themoviedb.org (URLError -1204)"
    ),
    (
      .badServerResponse,
      "api.themoviedb.org sent a response that is not valid HTTP (URLError -1011)"
    ),
    (
      .unsupportedURL,
      "the URL for api.themoviedb.org is not one the HTTP client can load (URLError -1002)"
    ),
    (
      .badURL, "the URL for api.themoviedb.org is not one the HTTP client can load (URLError -1000)"
    ),
  ]

  /// Tokens as a user may set `TMDB_API_KEY`, with how each is sent (docs/apps/movies.md): a
  /// 32-character hexadecimal v3 key in the `api_key` query item, anything else as a read
  /// access token in `Authorization: Bearer`; spaces and a newline around it are not part of it.
  public static let credentials: [(token: String, bearer: String?, apiKey: String?)] = [
    ("eyJhbGciOi.eyJzdWIiOi.c2lnbmF0dXJl", "Bearer eyJhbGciOi.eyJzdWIiOi.c2lnbmF0dXJl", nil),
    ("0123456789abcdef0123456789abcdef", nil, "0123456789abcdef0123456789abcdef"),
    ("0123456789ABCDEF0123456789ABCDEF", nil, "0123456789ABCDEF0123456789ABCDEF"),
    (" 0123456789abcdef0123456789abcdef\n", nil, "0123456789abcdef0123456789abcdef"),
    ("0123456789abcdef0123456789abcde", "Bearer 0123456789abcdef0123456789abcde", nil),
    ("0123456789abcdef0123456789abcdef0", "Bearer 0123456789abcdef0123456789abcdef0", nil),
    ("0123456789abcdef0123456789abcdeg", "Bearer 0123456789abcdef0123456789abcdeg", nil),
    ("\tsecret-token ", "Bearer secret-token", nil),
  ]

  /// Release days that are days, with their year: leap days (2000 is one, as a multiple of
  /// 400), the first and last years, and the last day of each length of month.
  public static let releaseDays: [(text: String, day: Day)] = [
    ("2024-02-29", day(2024, 2, 29)),
    ("2000-02-29", day(2000, 2, 29)),
    ("0001-01-01", day(1, 1, 1)),
    ("9999-12-31", day(9_999, 12, 31)),
    ("2023-12-31", day(2_023, 12, 31)),
    ("2023-04-30", day(2_023, 4, 30)),
    ("2023-01-31", day(2_023, 1, 31)),
    ("2023-02-28", day(2_023, 2, 28)),
    ("2023-11-30", day(2_023, 11, 30)),
  ]

  /// A day of the samples, written as its parts.
  private static func day(_ year: Int, _ month: Int, _ day: Int) -> Day {
    guard let day = Day(year: year, month: month, day: day) else {
      preconditionFailure("TMDBSamples: \(year)-\(month)-\(day) is not a day")
    }
    return day
  }

  /// `release_date` texts that are neither `""` nor a day: not days of the calendar (1900 and
  /// 2023 are not leap years), and not the form TMDB writes (short parts, spaces, a time, other
  /// separators, signs, digits other than ASCII's).
  public static let notDays = [
    "2023-02-29", "1900-02-29", "2024-02-30", "2024-04-31", "2024-01-32", "2024-01-00",
    "2023-06-31", "2023-09-31", "2023-11-31", "2024-00-10", "2024-13-01", "0000-01-01", "24-01-01",
    "2024-1-01", "2024-01-1",
    " 2024-01-01", "2024-01-01T00:00:00Z", "2024/01/01", "2024-01-01-", "-2024-01-01",
    "+024-01-01", "２０２４-01-01", "2024-01", "2024",
  ]

  /// The line a page with the release day `text` fails with, read from `path`.
  ///
  /// - Parameters:
  ///   - text: One of ``notDays``.
  ///   - path: The endpoint's path, such as `/3/movie/popular`.
  /// - Returns: The failure's line.
  public static func notADayLine(_ text: String, path: String) -> String {
    "the response from \(path) was not a movie page: \"\(text)\" is neither \"\" nor a "
      + "YYYY-MM-DD day at results[0].release_date"
  }

  /// Ratings and how a movie's line shows them: to one decimal, half away from zero.
  public static let ratings: [(voteAverage: Double, text: String)] = [
    (8.677, "8.7"), (5.0, "5.0"), (9.96, "10.0"), (0.04, "0.0"), (7.25, "7.3"), (0, "0.0"),
  ]

  /// Answers TMDB will not recover from, each asked once, with the line the failure shows.
  public static let rejections: [(answers: [ScriptedHTTP.Answer], line: String)] = [
    (
      [.status(401, #"{"status_code":7,"status_message":"Invalid API key.","success":false}"#)],
      "TMDB rejected the API key (HTTP 401): Invalid API key."
    ),
    ([.status(401)], "TMDB rejected the API key (HTTP 401): TMDB did not say why"),
    ([.status(404, #"{"status_code":34}"#)], "TMDB has no such resource (HTTP 404)"),
    (
      [.status(400, #"{"status_code":22,"status_message":"Invalid page."}"#)],
      "there is no page 1 of results (TMDB serves pages 1 to 500)"
    ),
    (
      [.status(400, #"{"status_code":5,"status_message":"Invalid parameters."}"#)],
      "TMDB answered HTTP 400: Invalid parameters."
    ),
    ([.status(418, "teapot")], "TMDB answered HTTP 418"),
    // The last 4xx: only 5xx are failures TMDB may recover from (docs/apps/search.md).
    (
      [.status(499, #"{"status_message":"Client closed request."}"#)],
      "TMDB answered HTTP 499: Client closed request."
    ),
  ]

  /// Answers TMDB may recover from, repeated past the client's 3 retries (or asking for a wait
  /// over 5 s, which ends them), with the line the failure shows.
  public static let outages: [(answers: [ScriptedHTTP.Answer], line: String)] = [
    (
      [.status(429, "{}", retryAfter: "7")],
      "TMDB is limiting requests (HTTP 429): try again in 7 seconds"
    ),
    (
      Array(
        repeating: .status(500, #"{"status_code":11,"status_message":"Internal error."}"#), count: 4
      ),
      "TMDB failed on its side (HTTP 500): Internal error."
    ),
    (
      Array(repeating: .status(502, "<html>Bad Gateway</html>"), count: 4),
      "TMDB failed on its side (HTTP 502): try again later"
    ),
    (
      Array(repeating: .status(429, "{}", retryAfter: "1"), count: 4),
      "TMDB is limiting requests (HTTP 429): try again in 1 second"
    ),
    (
      Array(repeating: .status(429), count: 4),
      "TMDB is limiting requests (HTTP 429): try again shortly"
    ),
    (
      Array(repeating: .timeout, count: 4),
      "the request to api.themoviedb.org timed out (URLError -1001)"
    ),
  ]

  /// Bodies served with HTTP 200 that are not a movie page, with what the failure's line
  /// says after `the response from <path> was not a movie page: `.
  public static let malformedBodies: [(body: String, reason: String)] = [
    ("", "the body is empty"),
    ("  \r\n\t", "the body is empty"),
    (
      // 76 characters once each run of spaces is one: the first 40 are shown.
      "<html>\n  <head><title>502 Bad Gateway</title></head>\n  <body>nginx</body></html>",
      #"the body is not valid JSON (it begins "<html> <head><title>502 Bad Gateway</tit...")"#
    ),
    ("<p>gone</p>", #"the body is not valid JSON (it begins "<p>gone</p>")"#),
    (
      #"{"page":1,"results":[{"id":"seven"}],"total_pages":1,"total_results":1}"#,
      "expected Int at results[0].id"
    ),
    (#"{"page":1,"total_pages":1,"total_results":1}"#, #"missing "results" at the top level"#),
    (
      #"{"page":null,"results":[],"total_pages":1,"total_results":0}"#,
      "expected Int at page, found null"
    ),
  ]
}
