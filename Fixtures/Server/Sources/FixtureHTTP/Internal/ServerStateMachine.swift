/// The life of a ``FixtureHTTPServer``: running, stopping, stopped, and the connections open.
///
/// No threads, no locks: the server keeps it in a `Mutex` and performs the action each input
/// returns.
///
/// ```
/// running ──stop / acceptor exits──▶ stopping ──acceptor gone and 0 connections──▶ stopped
/// ```
struct ServerStateMachine: Hashable {
  /// Where the server is in its life.
  enum Phase: Hashable {
    /// Accepting connections and serving them.
    case running
    /// No longer accepting; waiting for the acceptor thread and the open connections to end.
    case stopping
    /// Everything has ended; the notification pipes may be closed.
    case stopped
  }

  /// What to do with a connection just accepted.
  enum AcceptAction: Hashable {
    /// Serve it on a thread of its own.
    case serve
    /// Close it at once: the server is stopping.
    case refuse
  }

  /// What to do after a connection closed, or the acceptor exited.
  enum EndAction: Hashable {
    /// Nothing.
    case none
    /// Wake the acceptor: it was at capacity and now has room.
    case wakeAcceptor
    /// Tell the connections to finish: the acceptor failed while running.
    case signalStop
    /// Everything has ended: release the pipes and resume whoever waits for the stop.
    case finish
  }

  /// What to do when a stop is asked for.
  enum StopAction: Hashable {
    /// Tell the acceptor and the connections to finish.
    case signalStop
    /// Nothing: the server is already stopping or stopped.
    case none
  }

  /// The most connections served at once; the acceptor waits while this many are open.
  let maximumConnections: Int
  /// Where the server is in its life.
  private(set) var phase = Phase.running
  /// The connections open now.
  private(set) var activeConnections = 0
  /// Why the acceptor stopped on its own, if it did.
  private(set) var failure: String?
  private var isAcceptorRunning = true

  init(maximumConnections: Int) {
    precondition(maximumConnections > 0, "maximumConnections must be positive")
    self.maximumConnections = maximumConnections
  }

  /// Whether as many connections are open as allowed.
  var isAtCapacity: Bool {
    activeConnections >= maximumConnections
  }

  /// The acceptor accepted a connection.
  mutating func connectionAccepted() -> AcceptAction {
    switch phase {
    case .running:
      activeConnections += 1
      return .serve
    case .stopping:
      // A stop can land between `accept` returning and this call.
      return .refuse
    case .stopped:
      preconditionFailure("connection accepted in phase \(phase): the acceptor had exited")
    }
  }

  /// A connection closed.
  mutating func connectionClosed() -> EndAction {
    precondition(activeConnections > 0, "connection closed in \(self) with none open")
    let wasAtCapacity = isAtCapacity
    activeConnections -= 1
    switch phase {
    case .running:
      return wasAtCapacity ? .wakeAcceptor : .none
    case .stopping:
      return finishIfDone()
    case .stopped:
      preconditionFailure("connection closed in phase \(phase), \(activeConnections) open")
    }
  }

  /// A stop was asked for (a signal, a test's cleanup).
  mutating func stopRequested() -> StopAction {
    switch phase {
    case .running:
      phase = .stopping
      return .signalStop
    case .stopping, .stopped:
      // Stopping twice is harmless: the first request already set everything going.
      return .none
    }
  }

  /// The acceptor thread exited, after a stop or, with `failure`, on its own.
  mutating func acceptorExited(failure: String?) -> EndAction {
    precondition(isAcceptorRunning, "the acceptor exited twice in \(self)")
    isAcceptorRunning = false
    switch phase {
    case .running:
      self.failure = failure
      phase = .stopping
      return activeConnections == 0 ? finishIfDone() : .signalStop
    case .stopping:
      return finishIfDone()
    case .stopped:
      preconditionFailure("the acceptor exited in phase \(phase)")
    }
  }

  private mutating func finishIfDone() -> EndAction {
    guard !isAcceptorRunning, activeConnections == 0 else { return .none }
    phase = .stopped
    return .finish
  }
}
