import CCurl
import Foundation
import LoopSynchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One request through libcurl's easy interface, performed on a thread of its own.
///
/// `curl_easy_perform` blocks its thread in `poll` until the socket has something to say, so
/// a slow answer costs no CPU, and no thread of the cooperative pool is held. The caller's
/// continuation is resumed exactly once: by the thread with the answer, or at once by
/// cancellation (the thread then sees the flag in its progress callback and stops). The
/// process waits for the thread before it exits (``TransferThreads``).
final class CurlTransfer: Sendable {
  /// libcurl's one-time global set-up, done before the first handle is made; the process's
  /// transfers are ended at exit by a handler registered after libcurl's, so it runs first.
  private static let globalInit: CURLcode = {
    let code = loop_curl_global_init()
    atexit { TransferThreads.shared.end(waitingAtMost: .seconds(3)) }
    return code
  }()

  private struct Received {
    var body = Data()
    var headers: [String: String] = [:]
  }

  private let request: URLRequest
  private let timeout: Duration
  private let threads: TransferThreads
  private let cancelled = Atomic<Bool>(false)
  private let received = Mutex(Received())
  private let continuation =
    Mutex<CheckedContinuation<(Data, HTTPURLResponse), any Error>?>(nil)

  private init(request: URLRequest, timeout: Duration, threads: TransferThreads) {
    self.request = request
    self.timeout = timeout
    self.threads = threads
  }

  /// Sends `request`, waiting at most `timeout` for the whole answer.
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - timeout: The longest the whole transfer may take.
  ///   - threads: Where the transfer's thread is counted while it is inside libcurl; the
  ///     process's by default, a test's own otherwise.
  /// - Returns: The body and the response, for any status.
  /// - Throws: `URLError` when no answer came, `CancellationError` when cancelled or when the
  ///   process is ending.
  static func perform(
    _ request: URLRequest, timeout: Duration, threads: TransferThreads = .shared
  ) async throws -> (Data, HTTPURLResponse) {
    try Task.checkCancellation()
    let transfer = CurlTransfer(request: request, timeout: timeout, threads: threads)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        transfer.continuation.withLock { $0 = continuation }
        if transfer.cancelled.load(ordering: .acquiring) {
          transfer.finish(.failure(CancellationError()))
          return
        }
        let thread = Thread {
          transfer.finish(threads.running(transfer.run) ?? .failure(CancellationError()))
        }
        thread.name = "curl \(request.url?.host ?? "")"
        thread.start()
      }
    } onCancel: {
      transfer.cancelled.store(true, ordering: .releasing)
      transfer.finish(.failure(CancellationError()))
    }
  }

  /// Resumes the caller with `result` unless it has been resumed already.
  private func finish(_ result: Result<(Data, HTTPURLResponse), any Error>) {
    continuation.withLock { $0.take() }?.resume(with: result)
  }

  /// Performs the transfer on the calling thread.
  private func run() -> Result<(Data, HTTPURLResponse), any Error> {
    guard Self.globalInit == CURLE_OK, let handle = curl_easy_init() else {
      return .failure(URLError(.unknown, reason: "libcurl could not be initialised"))
    }
    defer { curl_easy_cleanup(handle) }
    guard let url = request.url else { return .failure(URLError(.badURL)) }
    var headerList: UnsafeMutablePointer<curl_slist>?
    defer { curl_slist_free_all(headerList) }
    for (name, value) in request.allHTTPHeaderFields ?? [:] {
      headerList = curl_slist_append(headerList, "\(name): \(value)")
    }
    var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    let context = Unmanaged.passRetained(self)
    defer { context.release() }
    let code: CURLcode = errorBuffer.withUnsafeMutableBufferPointer { buffer in
      loop_curl_setopt_string(handle, CURLOPT_URL, url.absoluteString)
      loop_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
      loop_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 1)
      loop_curl_setopt_long(handle, CURLOPT_MAXREDIRS, 10)
      loop_curl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "")
      loop_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, Self.milliseconds(timeout))
      loop_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, buffer.baseAddress)
      loop_curl_setopt_pointer(handle, CURLOPT_HTTPHEADER, headerList)
      let method = request.httpMethod ?? "GET"
      if method != "GET" { loop_curl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method) }
      if let body = request.httpBody {
        loop_curl_setopt_long(handle, CURLOPT_POSTFIELDSIZE, body.count)
        body.withUnsafeBytes { bytes in
          _ = loop_curl_setopt_pointer(
            handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
        }
      }
      loop_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, context.toOpaque())
      loop_curl_setopt_write_function(handle, CURLOPT_WRITEFUNCTION, Self.receiveBody)
      loop_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, context.toOpaque())
      loop_curl_setopt_write_function(handle, CURLOPT_HEADERFUNCTION, Self.receiveHeader)
      loop_curl_setopt_long(handle, CURLOPT_NOPROGRESS, 0)
      loop_curl_setopt_pointer(handle, CURLOPT_XFERINFODATA, context.toOpaque())
      loop_curl_setopt_xferinfo_function(handle, Self.progress)
      return curl_easy_perform(handle)
    }
    guard code == CURLE_OK else {
      if isStopped { return .failure(CancellationError()) }
      let detail = String(
        decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      let reason = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
      return .failure(URLError(Self.urlErrorCode(code), reason: reason))
    }
    var status = 0
    loop_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
    var effective: UnsafeMutablePointer<CChar>?
    loop_curl_getinfo_string(handle, CURLINFO_EFFECTIVE_URL, &effective)
    let finalURL = effective.flatMap { URL(string: String(cString: $0)) } ?? url
    let answer = received.withLock { $0 }
    guard
      let response = HTTPURLResponse(
        url: finalURL, statusCode: status, httpVersion: "HTTP/1.1", headerFields: answer.headers)
    else { return .failure(URLError(.badServerResponse)) }
    return .success((answer.body, response))
  }

  /// `duration` in whole milliseconds, at least 1 (0 would mean no timeout to libcurl).
  private static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
  }

  private static let receiveBody: curl_write_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    transfer.received.withLock {
      $0.body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: length)
    }
    return length
  }

  /// Collects the header lines of the last response (a redirect's or a 100's are dropped
  /// when the next status line arrives).
  private static let receiveHeader: curl_write_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    let line = String(
      decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self
    ).trimmingCharacters(in: .whitespacesAndNewlines)
    transfer.received.withLock { received in
      if line.hasPrefix("HTTP/") {
        received.headers = [:]
      } else if let colon = line.firstIndex(of: ":") {
        let name = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
        let value = String(line[line.index(after: colon)...]).trimmingCharacters(
          in: .whitespaces)
        received.headers[name] = received.headers[name].map { "\($0), \(value)" } ?? value
      }
    }
    return length
  }

  /// Whether the caller cancelled, or the process is ending: the transfer stops.
  private var isStopped: Bool {
    cancelled.load(ordering: .acquiring) || threads.isEnding
  }

  /// Called by libcurl at least once a second while it waits: a non-zero answer aborts.
  private static let progress: curl_xferinfo_callback = { context, _, _, _, _ in
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.isStopped ? 1 : 0
  }

  /// The `URLError` code the apps' error words expect for a libcurl failure.
  private static func urlErrorCode(_ code: CURLcode) -> URLError.Code {
    switch code {
    case CURLE_OPERATION_TIMEDOUT: .timedOut
    case CURLE_COULDNT_CONNECT: .cannotConnectToHost
    case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: .cannotFindHost
    case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE:
      .networkConnectionLost
    case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
      CURLE_SSL_ENGINE_NOTFOUND:
      .secureConnectionFailed
    case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE: .serverCertificateUntrusted
    case CURLE_UNSUPPORTED_PROTOCOL: .unsupportedURL
    case CURLE_URL_MALFORMAT: .badURL
    case CURLE_TOO_MANY_REDIRECTS: .httpTooManyRedirects
    case CURLE_WEIRD_SERVER_REPLY: .badServerResponse
    default: .unknown
    }
  }
}

extension URLError {
  /// An error with `code` whose description is `reason`, libcurl's words.
  init(_ code: URLError.Code, reason: String) {
    self.init(code, userInfo: [NSLocalizedDescriptionKey: reason])
  }
}
