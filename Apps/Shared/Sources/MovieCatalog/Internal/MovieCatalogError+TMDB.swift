import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension MovieCatalogError {
  /// The error for an unsuccessful HTTP status and the TMDB error body that came with it.
  ///
  /// | Status | TMDB code | Error |
  /// |--------|-----------|-------|
  /// | 401 | 7, 3, … | ``unauthorized(statusCode:message:)`` with TMDB's message |
  /// | 404 | 34 | ``notFound`` |
  /// | 400 | 22 | ``invalidPage(_:)`` with the page asked for |
  /// | 429 | 25 | ``rateLimited(retryAfter:)`` |
  /// | 5xx | 11, 9, 24, … | ``server(status:code:message:)`` |
  /// | other | | ``http(status:message:)`` |
  ///
  /// A body that is not TMDB's error JSON (a proxy's HTML page) is ignored: the status alone
  /// decides, and the message is `nil`.
  ///
  /// - Parameters:
  ///   - status: The HTTP status, not 2xx.
  ///   - body: The response body.
  ///   - page: The page that was requested, for ``invalidPage(_:)``.
  ///   - retryAfter: The wait a 429 asked for.
  init(status: Int, body: Data, page: Int, retryAfter: Duration?) {
    let error = try? JSONDecoder().decode(TMDBErrorBody.self, from: body)
    let message = error?.statusMessage
    switch status {
    case 401:
      self = .unauthorized(
        statusCode: error?.statusCode, message: message ?? "TMDB did not say why")
    case 404:
      self = .notFound
    case 400 where error?.statusCode == 22:
      self = .invalidPage(page)
    case 429:
      self = .rateLimited(retryAfter: retryAfter)
    case 500...599:
      self = .server(status: status, code: error?.statusCode, message: message)
    default:
      self = .http(status: status, message: message)
    }
  }

  /// The error for a request to `host` that failed before any HTTP answer, in words.
  ///
  /// Cancellation (`URLError.cancelled`) is not mapped here: callers rethrow it as
  /// `CancellationError`.
  ///
  /// - Parameters:
  ///   - error: What the transport threw.
  ///   - host: The host the request went to, named in the message.
  init(_ error: URLError, host: String) {
    let code = "(URLError \(error.code.rawValue))"
    let words =
      switch error.code {
      case .cannotConnectToHost: "could not connect to \(host): connection refused"
      case .cannotFindHost: "could not find the host \(host): unknown host"
      case .dnsLookupFailed: "could not look up the host \(host)"
      case .timedOut: "the request to \(host) \(Self.timedOutPhrase)"
      case .notConnectedToInternet: "could not reach \(host): not connected to the internet"
      case .networkConnectionLost: "the connection to \(host) was lost"
      case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
        .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
        "could not make a secure connection to \(host)"
      case .badServerResponse: "\(host) sent a response that is not valid HTTP"
      case .unsupportedURL, .badURL: "the URL for \(host) is not one the HTTP client can load"
      default: "the request to \(host) failed: \(error.localizedDescription)"
      }
    self = .network("\(words) \(code)")
  }
}
