import Foundation
import LoopSynchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A fake network: answers each request from what a test registered for the request's host.
///
/// Swift Testing runs tests in parallel, so every test registers its own unique host
/// (``StubHost``) and reads back only that host's requests. A session reaches the stub only
/// through `URLSessionConfiguration.protocolClasses` (see ``session()``). Every answer is
/// given at once, so no test waits on a clock.
final class StubURLProtocol: URLProtocol {
  /// What a request to a host gets back.
  enum Answer: Sendable {
    /// An HTTP response with a status and a body.
    case http(status: Int, body: Data)
    /// A transport failure.
    case failure(URLError)
  }

  /// The answer registered for each host.
  private static let answers = Mutex<[String: Answer]>([:])
  /// The requests received, per host, in order.
  private static let received = Mutex<[String: [URLRequest]]>([:])

  /// Makes requests to `host` get `answer`.
  static func register(_ answer: Answer, for host: String) {
    answers.withLock { $0[host] = answer }
  }

  /// Forgets `host`'s answer and requests.
  static func unregister(_ host: String) {
    answers.withLock { $0[host] = nil }
    received.withLock { $0[host] = nil }
  }

  /// The requests `host` received, in order.
  static func requests(to host: String) -> [URLRequest] {
    received.withLock { $0[host] ?? [] }
  }

  /// A new session whose requests all go to the stub.
  static func session() -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [StubURLProtocol.self]
    return URLSession(configuration: configuration)
  }

  override class func canInit(with request: URLRequest) -> Bool {
    guard let host = request.url?.host else { return false }
    return answers.withLock { $0[host] != nil }
  }

  override class func canonicalRequest(for request: URLRequest) -> URLRequest {
    request
  }

  override func startLoading() {
    let host = request.url?.host ?? ""
    let request = self.request
    Self.received.withLock { $0[host, default: []].append(request) }
    guard let answer = Self.answers.withLock({ $0[host] }), let url = request.url else {
      client?.urlProtocol(self, didFailWithError: URLError(.unsupportedURL))
      return
    }
    switch answer {
    case .http(let status, let body):
      guard
        let response = HTTPURLResponse(
          url: url, statusCode: status, httpVersion: "HTTP/1.1",
          headerFields: ["Content-Type": "application/json"])
      else {
        client?.urlProtocol(self, didFailWithError: URLError(.badServerResponse))
        return
      }
      client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
      client?.urlProtocol(self, didLoad: body)
      client?.urlProtocolDidFinishLoading(self)
    case .failure(let error):
      client?.urlProtocol(self, didFailWithError: error)
    }
  }

  override func stopLoading() {}
}
