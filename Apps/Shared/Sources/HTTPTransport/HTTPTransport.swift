import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// How a live client sends one HTTP request and gets its answer: the one seam every app's
/// TMDB and Open-Meteo client goes through.
///
/// - ``curl(timeout:)``, what the apps use: libcurl's easy interface on a thread of its own,
///   which sleeps in `poll` until the server answers. URLSession on Linux wakes for the
///   socket being writable again and again while it waits for an answer, which kept a core
///   busy for as long as a slow server took (docs/ARCHITECTURE.md, "Live requests").
/// - ``urlSession(_:)``, for tests whose session has a stub `URLProtocol`.
///
/// A transport answers every status (a 503 is an answer, not an error) and throws
/// `URLError` for a request that got none: `.timedOut` when the timeout passed,
/// `.cannotConnectToHost`, `.cannotFindHost`, `.networkConnectionLost`,
/// `.secureConnectionFailed`, and `CancellationError` when the calling task is cancelled.
///
/// ```swift
/// let transport = HTTPTransport.curl(timeout: .seconds(10))
/// let (body, response) = try await transport.data(for: URLRequest(url: url))
/// ```
public struct HTTPTransport: Sendable {
  /// The timeout the apps use unless `--timeout` says otherwise.
  public static let defaultTimeout: Duration = .seconds(30)

  private let send: @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)

  /// A transport that sends requests with `send`.
  ///
  /// - Parameter send: Sends one request and returns the body and response, whatever the
  ///   status; throws `URLError` when there is no answer.
  public init(send: @escaping @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)) {
    self.send = send
  }

  /// Sends `request` once.
  ///
  /// - Parameter request: The request.
  /// - Returns: The body and the response, for any status.
  /// - Throws: `URLError` when no answer came, `CancellationError` when cancelled.
  public func data(for request: URLRequest) async throws -> (Data, HTTPURLResponse) {
    try await send(request)
  }

  /// Requests through libcurl, each on a thread that waits in the kernel, giving up after
  /// `timeout` from the start of the request to the end of its body.
  ///
  /// Redirects are followed (at most 10), compressed bodies decoded, proxies taken from the
  /// usual environment variables. Cancelling the calling task ends the wait at once; the
  /// transfer itself is abandoned within a second.
  ///
  /// - Parameter timeout: The longest a request may take; ``defaultTimeout`` unless given.
  /// - Returns: The transport.
  public static func curl(timeout: Duration = defaultTimeout) -> HTTPTransport {
    HTTPTransport { request in try await CurlTransfer.perform(request, timeout: timeout) }
  }

  /// Requests through `session`: for tests that answer with a stub `URLProtocol`.
  ///
  /// - Parameter session: The session; keep one per client.
  /// - Returns: The transport.
  public static func urlSession(_ session: URLSession) -> HTTPTransport {
    HTTPTransport { request in
      let (body, response) = try await session.data(for: request)
      guard let http = response as? HTTPURLResponse else {
        throw URLError(.badServerResponse)
      }
      return (body, http)
    }
  }
}
