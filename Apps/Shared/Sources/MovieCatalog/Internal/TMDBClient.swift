import Foundation
import HTTPRetry
import HTTPTransport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The TMDB v3 client behind ``MovieCatalog/live(token:baseURL:language:recording:clock:)``.
///
/// One request per call, plus the retries of a 429, a 5xx or a timeout that `RetryPolicy`
/// allows, sleeping on the injected clock. The transport does not throw for unsuccessful
/// statuses, so every status is checked here and mapped to a ``MovieCatalogError``; a
/// cancelled request (`URLError` -999, or a cancelled task) is rethrown as `CancellationError`.
struct TMDBClient: Sendable {
  /// Where the API lives.
  var baseURL: URL
  /// How requests authenticate.
  var credential: TMDBCredential
  /// The `language` query item, such as `en-US`.
  var language: String
  /// What every request of this client goes through.
  var transport: HTTPTransport
  /// The clock retries sleep on.
  var clock: any Clock<Duration>
  /// When a 429 or a 5xx is retried, and after how long.
  var retryPolicy = RetryPolicy()

  /// A page of popular movies.
  func popular(page: Int) async throws -> MoviePage {
    try await moviePage(.popular(page: page, language: language), page: page)
  }

  /// A page of search results for `query`, sent as given.
  func search(query: String, page: Int) async throws -> MoviePage {
    try await moviePage(.searchMovies(query: query, page: page, language: language), page: page)
  }

  /// Fetches `endpoint` and decodes a movie page, retrying rate-limited attempts.
  private func moviePage(_ endpoint: TMDBEndpoint, page: Int) async throws -> MoviePage {
    guard credential != .missing else { throw MovieCatalogError.missingToken }
    // TMDB answers these with HTTP 400 (code 22); no need to ask.
    guard (1...MoviePage.maximumPage).contains(page) else {
      throw MovieCatalogError.invalidPage(page)
    }
    guard let request = endpoint.request(baseURL: baseURL, credential: credential) else {
      throw MovieCatalogError.network(
        "could not build a request for \(endpoint.path) below \(baseURL.absoluteString)")
    }
    var retries = 0
    while true {
      try Task.checkCancellation()
      let body: Data
      let response: HTTPURLResponse
      switch try await send(request) {
      case .answered(let answerBody, let answer):
        (body, response) = (answerBody, answer)
      case .timedOut(let error):
        // No answer at all: as likely to be a passing stall as a 503, and as safe to ask
        // again (every request here is a GET).
        guard let delay = retryPolicy.delay(beforeRetry: retries + 1, retryAfter: nil) else {
          throw error
        }
        retries += 1
        try await clock.sleep(for: delay)
        continue
      }
      if (200...299).contains(response.statusCode) {
        return try decode(body, from: endpoint)
      }
      let retryAfter = RetryPolicy.retryAfter(
        header: response.value(forHTTPHeaderField: "Retry-After"))
      guard RetryPolicy.retries(status: response.statusCode),
        let delay = retryPolicy.delay(beforeRetry: retries + 1, retryAfter: retryAfter)
      else {
        throw MovieCatalogError(
          status: response.statusCode, body: body, page: page, retryAfter: retryAfter)
      }
      retries += 1
      // Throws CancellationError when the task is cancelled during the wait.
      try await clock.sleep(for: delay)
    }
  }

  /// What one attempt got: an answer with any status, or nothing before the timeout.
  private enum Attempt {
    case answered(Data, HTTPURLResponse)
    case timedOut(MovieCatalogError)
  }

  /// Sends `request` once, mapping transport failures and cancellation.
  private func send(_ request: URLRequest) async throws -> Attempt {
    let host = request.url?.host ?? baseURL.absoluteString
    do {
      let (body, response) = try await transport.data(for: request)
      return .answered(body, response)
    } catch let error as URLError where error.code == .cancelled {
      // Superseded, not failed: the caller cancelled the task that was waiting for it.
      throw CancellationError()
    } catch let error as URLError where error.code == .timedOut {
      return .timedOut(MovieCatalogError(error, host: host))
    } catch let error as URLError {
      throw MovieCatalogError(error, host: host)
    } catch is CancellationError {
      throw CancellationError()
    } catch {
      throw MovieCatalogError.network("the request to \(host) failed: \(error)")
    }
  }

  /// Decodes a successful body as a movie page, naming the endpoint when it is not one.
  private func decode(_ body: Data, from endpoint: TMDBEndpoint) throws -> MoviePage {
    do {
      return try JSONDecoder().decode(MoviePage.self, from: body)
    } catch {
      throw MovieCatalogError.decoding(
        "the response from \(endpoint.path) was not a movie page: "
          + DecodingFailure.describe(error, body: body))
    }
  }
}
