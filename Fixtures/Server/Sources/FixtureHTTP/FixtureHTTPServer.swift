import Foundation
import LoopSynchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An HTTP/1.1 server on 127.0.0.1 that answers with a ``FixtureRouter``, injecting the
/// faults its configuration asks for.
///
/// Creating one binds the port and starts accepting at once. Each connection is served on a
/// thread of its own, at most ``ServerConfiguration/maximumConnections`` at a time (more wait
/// in the listen backlog), so a delayed answer never holds up another connection.
/// Connections are persistent (keep-alive) unless the client says `Connection: close` or
/// speaks HTTP/1.0; pipelined requests are answered in order. A malformed request gets its
/// 400 (or 413, 501, 505) and the connection closes; nothing a client sends can stop the
/// server.
///
/// ``stop()`` stops accepting and closes the listening socket; connections finish the
/// response they are writing (a pending delay is cut short) and close, idle ones at once.
/// ``stopped()`` returns when all of that is done.
///
/// ```swift
/// let server = try FixtureHTTPServer(
///   configuration: ServerConfiguration(port: 0), router: FixtureRouter(),
///   log: { StandardError.writeLine($0.line) })
/// print("listening on http://127.0.0.1:\(server.port)")
/// ...
/// server.stop()
/// await server.stopped()
/// ```
public final class FixtureHTTPServer: Sendable {
  /// The port the server listens on: the configured one, or the one the system picked.
  public let port: UInt16
  /// The configuration the server was created with.
  public let configuration: ServerConfiguration
  /// The router that answers requests.
  let router: FixtureRouter
  /// Where each request's log entry goes.
  let log: @Sendable (RequestLogEntry) -> Void
  /// Fault injection, shared by every connection: one sequence of decisions per server.
  let faults: Mutex<FaultInjector>
  /// Readable once a stop was asked for; never drained.
  let stopSignal: NotificationPipe
  /// Readable when a connection closed while the server was at capacity.
  private let wakeSignal: NotificationPipe
  private let listener: Int32
  private let machine: Mutex<ServerStateMachine>
  private let waiters = Mutex(StopWaiters())

  /// Binds `127.0.0.1:<port>` and starts serving.
  ///
  /// - Parameters:
  ///   - configuration: The port, limits and faults.
  ///   - router: What answers requests; the bundled fixtures without a token by default.
  ///   - log: Called once per request, from the connection's thread, after the response
  ///     was written; nothing by default.
  /// - Throws: ``ServerError`` when the port cannot be bound (in use, not allowed).
  public init(
    configuration: ServerConfiguration, router: FixtureRouter = FixtureRouter(),
    log: @escaping @Sendable (RequestLogEntry) -> Void = { _ in }
  ) throws(ServerError) {
    let (listener, port) = try ListeningSocket.open(port: configuration.port)
    let stopSignal: NotificationPipe
    let wakeSignal: NotificationPipe
    do throws(Errno) {
      stopSignal = try NotificationPipe.open()
      do throws(Errno) {
        wakeSignal = try NotificationPipe.open()
      } catch {
        stopSignal.release()
        throw error
      }
    } catch {
      _ = close(listener)
      throw ServerError(call: "pipe", port: configuration.port, code: error.code)
    }
    self.port = port
    self.configuration = configuration
    self.router = router
    self.log = log
    self.listener = listener
    self.stopSignal = stopSignal
    self.wakeSignal = wakeSignal
    faults = Mutex(FaultInjector(configuration: configuration.faults, seed: configuration.seed))
    machine = Mutex(ServerStateMachine(maximumConnections: configuration.maximumConnections))
    let acceptor = Thread { [self] in acceptLoop() }
    acceptor.name = "fixture-server accept :\(port)"
    acceptor.start()
  }

  /// Why the server stopped on its own (the listening socket failed), or `nil` when it is
  /// running or was stopped with ``stop()``.
  public var failure: String? {
    machine.withLock { $0.failure }
  }

  /// The connections open now.
  public var activeConnections: Int {
    machine.withLock { $0.activeConnections }
  }

  /// Stops accepting connections and tells the open ones to finish.
  ///
  /// Returns at once; ``stopped()`` waits for the end. Safe to call more than once and from
  /// any thread.
  public func stop() {
    machine.withLock { machine in
      switch machine.stopRequested() {
      case .signalStop:
        // Under the lock: the pipes close when the machine reaches `stopped`, which cannot
        // happen while this thread holds the lock, so the descriptor is still this pipe's.
        stopSignal.notify()
      case .none:
        break
      }
    }
  }

  /// Returns once the server has stopped: the listening socket closed and every connection
  /// ended.
  public func stopped() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isStopped = waiters.withLock { waiters in
        if !waiters.isStopped { waiters.continuations.append(continuation) }
        return waiters.isStopped
      }
      if isStopped { continuation.resume() }
    }
  }

  /// Accepts connections until a stop, then closes the listening socket.
  private func acceptLoop() {
    var failure: String?
    // Ends at a stop, or when `poll` fails in a way retrying cannot fix.
    while true {
      let atCapacity = machine.withLock { $0.isAtCapacity }
      var descriptors = [
        pollfd(fd: stopSignal.readEnd, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wakeSignal.readEnd, events: Int16(POLLIN), revents: 0),
      ]
      if !atCapacity { descriptors.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0)) }
      let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
      if ready < 0 {
        let code = errno
        if code == EINTR { continue }
        failure = "poll failed: \(String(cString: strerror(code))) (errno \(code))"
        break
      }
      if descriptors[0].revents != 0 { break }
      if descriptors[1].revents != 0 { wakeSignal.drain() }
      if descriptors.count > 2, descriptors[2].revents != 0 { acceptOne() }
    }
    _ = close(listener)
    transition { $0.acceptorExited(failure: failure) }
  }

  /// Accepts one waiting connection and starts its thread.
  private func acceptOne() {
    let client = accept(listener, nil, nil)
    guard client >= 0 else {
      switch errno {
      case EMFILE, ENFILE, ENOBUFS, ENOMEM:
        // Out of descriptors or memory: the connection stays in the backlog. Pause briefly
        // so the loop does not spin on it while connections close and free some.
        _ = stopSignal.isNotified(within: .milliseconds(10))
      default:
        // EAGAIN (another wake-up took it), EINTR, ECONNABORTED (the client gave up while
        // waiting): nothing to do.
        break
      }
      return
    }
    switch machine.withLock({ $0.connectionAccepted() }) {
    case .serve:
      let thread = Thread { [self] in
        ConnectionHandler(server: self, socket: ClientSocket(descriptor: client)).run()
        _ = close(client)
        transition { $0.connectionClosed() }
      }
      thread.name = "fixture-server connection \(client)"
      thread.start()
    case .refuse:
      _ = close(client)
    }
  }

  /// Feeds the state machine an input and does what it returns.
  ///
  /// Pipe notifications are written under the lock, against the usual rule: the pipes are
  /// released once the machine reaches `stopped`, and only holding the lock guarantees it
  /// has not (a connection could close, or a stop land, the moment the lock is released).
  /// A one-byte non-blocking write to a pipe is cheap. Finishing happens outside.
  private func transition(_ input: (inout ServerStateMachine) -> ServerStateMachine.EndAction) {
    let isFinished = machine.withLock { machine -> Bool in
      switch input(&machine) {
      case .none: return false
      case .wakeAcceptor:
        wakeSignal.notify()
        return false
      case .signalStop:
        stopSignal.notify()
        return false
      case .finish: return true
      }
    }
    guard isFinished else { return }
    stopSignal.release()
    wakeSignal.release()
    let continuations = waiters.withLock { waiters in
      waiters.isStopped = true
      defer { waiters.continuations = [] }
      return waiters.continuations
    }
    for continuation in continuations { continuation.resume() }
  }
}
