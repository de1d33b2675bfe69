import Foundation
import LoopSynchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A `URLProtocol` that answers every request from responses a test installed for its host.
///
/// Swift Testing runs tests in parallel, and they all share ``StubServer/session``, so every
/// test installs its responses under a host of its own (``StubServer`` makes a unique one)
/// and reads back only its own requests. All state sits behind one `Mutex`.
///
/// It is reached only through `URLSessionConfiguration.protocolClasses`: on Linux,
/// `URLProtocol.registerClass` has no effect for http(s).
final class StubURLProtocol: URLProtocol {
  /// One host's script: the responses still to serve and the requests received so far.
  private struct Script {
    var responses: [StubResponse]
    var requests: [URLRequest] = []
  }

  private static let scripts = Mutex<[String: Script]>([:])

  /// Answers requests to `host` with `responses` in order, repeating the last one.
  static func install(_ responses: [StubResponse], for host: String) {
    precondition(!responses.isEmpty, "install at least one response for \(host)")
    scripts.withLock { $0[host] = Script(responses: responses) }
  }

  /// The requests `host` received, in order.
  static func requests(for host: String) -> [URLRequest] {
    scripts.withLock { $0[host]?.requests ?? [] }
  }

  /// Records `request` and returns the response to serve, or `nil` when its host has none.
  private static func respond(to request: URLRequest) -> StubResponse? {
    guard let host = request.url?.host else { return nil }
    return scripts.withLock { scripts -> StubResponse? in
      guard var script = scripts[host] else { return nil }
      script.requests.append(request)
      let response =
        script.responses.count > 1 ? script.responses.removeFirst() : script.responses[0]
      scripts[host] = script
      return response
    }
  }

  override class func canInit(with request: URLRequest) -> Bool { true }

  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    guard let client else { return }
    switch Self.respond(to: request) {
    case .http(let status, let headers, let body)?:
      guard
        let url = request.url,
        let response = HTTPURLResponse(
          url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
      else {
        client.urlProtocol(self, didFailWithError: URLError(.badServerResponse))
        return
      }
      client.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
      client.urlProtocol(self, didLoad: body)
      client.urlProtocolDidFinishLoading(self)
    case .failure(let error)?:
      client.urlProtocol(self, didFailWithError: error)
    case nil:
      // A request to a host no test installed: fail loudly rather than hang.
      client.urlProtocol(self, didFailWithError: URLError(.resourceUnavailable))
    }
  }

  override func stopLoading() {}
}
