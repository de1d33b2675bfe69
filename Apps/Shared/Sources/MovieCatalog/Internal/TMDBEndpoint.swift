import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One TMDB v3 GET endpoint with its query, turned into a `URLRequest`.
///
/// The query is percent-encoded here rather than by `URLComponents.queryItems`, which leaves
/// `+` as it is; servers read a bare `+` in a query as a space, so `c++` would be searched as
/// `c  `. Everything outside RFC 3986's unreserved characters is encoded, UTF-8 first:
/// `+` → `%2B`, space → `%20`, `é` → `%C3%A9`.
struct TMDBEndpoint: Equatable, Sendable {
  /// The path below the base URL, such as `/3/movie/popular`.
  var path: String
  /// The query items, in order, not yet encoded.
  var query: [QueryItem]

  /// A name and an unencoded value.
  struct QueryItem: Equatable, Sendable {
    /// The item's name, such as `page`.
    var name: String
    /// The item's value, such as `2`.
    var value: String
  }

  /// `GET /3/movie/popular?language=<language>&page=<page>`.
  static func popular(page: Int, language: String) -> TMDBEndpoint {
    TMDBEndpoint(
      path: "/3/movie/popular",
      query: [
        QueryItem(name: "language", value: language), QueryItem(name: "page", value: "\(page)"),
      ]
    )
  }

  /// `GET /3/search/movie?query=<query>&include_adult=false&language=<language>&page=<page>`.
  static func searchMovies(query: String, page: Int, language: String) -> TMDBEndpoint {
    TMDBEndpoint(
      path: "/3/search/movie",
      query: [
        QueryItem(name: "query", value: query),
        QueryItem(name: "include_adult", value: "false"),
        QueryItem(name: "language", value: language),
        QueryItem(name: "page", value: "\(page)"),
      ]
    )
  }

  /// The request for this endpoint below `baseURL`, authenticated with `credential`.
  ///
  /// The endpoint's path is appended to whatever path `baseURL` has, so a server that mounts
  /// the API below a prefix (`http://127.0.0.1:8080/tmdb`) works too.
  ///
  /// - Parameters:
  ///   - baseURL: Where the API lives, such as `https://api.themoviedb.org`.
  ///   - credential: How to authenticate: an `api_key` query item or a bearer header.
  /// - Returns: The request, or `nil` when `baseURL` cannot take a path and query.
  func request(baseURL: URL, credential: TMDBCredential) -> URLRequest? {
    guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) else {
      return nil
    }
    var items = query
    if case .apiKey(let key) = credential {
      items.append(QueryItem(name: "api_key", value: key))
    }
    var basePath = components.percentEncodedPath
    while basePath.hasSuffix("/") { basePath.removeLast() }
    components.percentEncodedPath = basePath + path
    components.percentEncodedQuery =
      items
      .map { "\(Self.percentEncoded($0.name))=\(Self.percentEncoded($0.value))" }
      .joined(separator: "&")
    guard let url = components.url else { return nil }
    var request = URLRequest(url: url)
    request.httpMethod = "GET"
    request.setValue("application/json", forHTTPHeaderField: "accept")
    if case .readAccessToken(let token) = credential {
      request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    }
    return request
  }

  /// `text` with every byte outside RFC 3986's unreserved set (`A-Z a-z 0-9 - . _ ~`) written
  /// as `%XX` of its UTF-8 encoding.
  static func percentEncoded(_ text: String) -> String {
    let hexDigits = Array("0123456789ABCDEF")
    var encoded = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        encoded.append(Character(Unicode.Scalar(byte)))
      default:
        encoded.append("%")
        encoded.append(hexDigits[Int(byte >> 4)])
        encoded.append(hexDigits[Int(byte & 0x0F)])
      }
    }
    return encoded
  }
}
