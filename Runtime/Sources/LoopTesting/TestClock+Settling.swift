import LoopSynchronization

/// The stores a ``TestClock`` serves: each `TestStore` made with the clock attaches itself,
/// so that advancing the clock from an async test first lets every store settle.
final class ClockClients: Sendable {
  /// Settles one store within a no-change guard, reporting at the given call site; `false`
  /// when it could not.
  typealias Settle = @Sendable (Duration, CallSite) async -> Bool

  private let clients = Mutex<[ObjectIdentifier: Settle]>([:])

  init() {}

  /// Registers `settle` under `owner` until ``detach(_:)``.
  func attach(_ owner: ObjectIdentifier, _ settle: @escaping Settle) {
    clients.withLock { $0[owner] = settle }
  }

  /// Forgets `owner`.
  func detach(_ owner: ObjectIdentifier) {
    _ = clients.withLock { $0.removeValue(forKey: owner) }
  }

  /// Whether any store is attached.
  var isEmpty: Bool {
    clients.withLock { $0.isEmpty }
  }

  /// Settles every attached store in turn; `false` as soon as one could not settle.
  func settleAll(timeout: Duration, at site: CallSite) async -> Bool {
    for settle in clients.withLock({ Array($0.values) }) {
      guard await settle(timeout, site) else { return false }
    }
    return true
  }
}

extension TestClock {
  /// Moves the clock forward by `duration`, letting every `TestStore` this clock serves settle
  /// first and at each deadline on the way.
  ///
  /// The form to write in an async test: `send`, then `await clock.advance(by:)`, then expect
  /// the effect. The effect that `send` started may not have gone to sleep yet when the test
  /// advances; here the clock first waits until each store it serves is quiet (every effect
  /// finished or waiting on an instrument), so the sleep it started is on the clock before
  /// time moves. Sleepers are then woken deadline by deadline, each store settling at every
  /// one, so a retry that sleeps again inside `duration` wakes when its own deadline comes:
  /// the same steps as `TestStore.advance(by:)`. A clock that serves no store moves exactly as
  /// the synchronous `advance(by:)` does.
  ///
  /// A store that does not settle within its guard (1 s without any change while busy) is
  /// reported at this call site, with its trajectory and what is pending, and the clock stops
  /// there.
  ///
  /// ```swift
  /// store.send(.textChanged("star wars"))
  /// await clock.advance(by: .milliseconds(300))  // the debounce's sleep was on the clock
  /// await store.wait { $0.movies.count == 4 }
  /// ```
  ///
  /// - Parameters:
  ///   - duration: How far to move; zero or more.
  ///   - fileID: The caller's file ID, where a failure is reported.
  ///   - filePath: The caller's file path, where a failure is reported.
  ///   - line: The caller's line, where a failure is reported.
  ///   - column: The caller's column, where a failure is reported.
  public func advance(
    by duration: Duration,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard duration >= .zero, !clients.isEmpty else {
      move(by: duration, site: site)
      return
    }
    await advanceSettling(to: now.advanced(by: duration), timeout: .seconds(1), site: site)
  }

  /// Moves the clock to `deadline`, letting every `TestStore` this clock serves settle first
  /// and at each deadline on the way.
  ///
  /// The async counterpart of `advance(to:)`, with the settling
  /// of `advance(by:)`.
  ///
  /// - Parameters:
  ///   - deadline: The instant to move to; ``now`` or later.
  ///   - fileID: The caller's file ID, where a failure is reported.
  ///   - filePath: The caller's file path, where a failure is reported.
  ///   - line: The caller's line, where a failure is reported.
  ///   - column: The caller's column, where a failure is reported.
  public func advance(
    to deadline: Instant,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard deadline >= now, !clients.isEmpty else {
      move(to: deadline, site: site)
      return
    }
    await advanceSettling(to: deadline, timeout: .seconds(1), site: site)
  }

  /// Settles the served stores, then moves deadline by deadline to `target`, settling them
  /// at each one; stops at the first store that does not settle (it has reported why).
  func advanceSettling(to target: Instant, timeout: Duration, site: CallSite) async {
    guard await clients.settleAll(timeout: timeout, at: site) else { return }
    while !advancesInOneStep, let next = nextDeadline, next <= target {
      move(to: next, site: site)
      guard await clients.settleAll(timeout: timeout, at: site) else { return }
    }
    if now < target {
      move(to: target, site: site)
    }
    _ = await clients.settleAll(timeout: timeout, at: site)
  }
}
