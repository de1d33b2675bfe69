/// Serves one connection: reads requests, answers each (after its delay), and ends when the
/// client closes, goes idle, sends something malformed, asks to close, or the server stops.
struct ConnectionHandler {
  /// The server, for its router, faults, log, limits and stop signal.
  let server: FixtureHTTPServer
  /// The connection's socket; the caller closes it after ``run()``.
  let socket: ClientSocket

  /// Serves requests until the connection should end.
  func run() {
    socket.configure()
    var buffer: [UInt8] = []
    // Each pass answers a request or reads more bytes; it ends when the client closes, the
    // idle timeout passes, a request is malformed, a response closes, or the server stops.
    while true {
      switch server.configuration.parser.parse(buffer) {
      case .request(let request, let consumed):
        buffer.removeFirst(consumed)
        guard answer(request) else {
          socket.finishWriting(stop: server.stopSignal)
          return
        }
      case .invalid(let error):
        refuse(error)
        socket.finishWriting(stop: server.stopSignal)
        return
      case .incomplete:
        let readiness = socket.waitForInput(
          stop: server.stopSignal, timeout: server.configuration.idleTimeout)
        switch readiness {
        case .readable:
          guard socket.receiveAvailable(into: &buffer) > 0 else { return }
        case .stopping, .idle:
          return
        }
      }
    }
  }

  /// Answers `request`, after the delay fault injection decides.
  ///
  /// - Returns: Whether the connection stays open for another request.
  private func answer(_ request: HTTPRequest) -> Bool {
    let start = ContinuousClock.now
    let decision = server.faults.withLock { $0.decide(forPath: request.path) }
    let response =
      decision.failureStatus.map { server.router.failureResponse(status: $0, for: request) }
      ?? server.router.response(for: request)
    // The delay waits on the stop signal, so a stop cuts it short; the response then says
    // `Connection: close`. A client that hangs up meanwhile gets nothing, and the log says so.
    let end = socket.wait(decision.delay, stop: server.stopSignal)
    let keepAlive = request.wantsKeepAlive && end == .elapsed
    let isSent =
      end != .hungUp
      && socket.sendAll(
        response.serialized(keepAlive: keepAlive, includeBody: request.method != "HEAD"))
    var notes = decision.failureStatus == nil ? [] : ["injected"]
    if !isSent { notes.append("not sent: the client hung up") }
    server.log(
      RequestLogEntry(
        request: "\(request.method) \(request.target)", status: response.status,
        elapsed: ContinuousClock.now - start,
        note: notes.isEmpty ? nil : notes.joined(separator: "; ")))
    return isSent && keepAlive
  }

  /// Answers bytes that are not a request with the error's status.
  private func refuse(_ error: HTTPParseError) {
    let start = ContinuousClock.now
    let response = server.router.response(for: error)
    _ = socket.sendAll(response.serialized(keepAlive: false))
    server.log(
      RequestLogEntry(
        request: "-", status: response.status, elapsed: ContinuousClock.now - start,
        note: "malformed: \(error.reason)"))
  }
}
