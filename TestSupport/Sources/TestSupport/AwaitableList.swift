import LoopSynchronization

/// A thread-safe list that tests await a condition on, without polling, and never forever.
///
/// The code under test (an effect, a feedback, a store's instrumentation) appends; the test
/// waits until the elements so far satisfy a condition. The append that makes the condition
/// hold resumes the waiter. A condition that still does not hold when the bound passes fails
/// the wait with ``WaitTimedOut``, naming the wait and listing what was recorded.
///
/// ```swift
/// let seen = AwaitableList<String>()
/// // ... an effect calls seen.append(query) ...
/// try await seen.wait("the search for sta to begin") { $0 == ["sta"] }
/// ```
public final class AwaitableList<Element: Sendable>: Sendable {
  private struct Waiter {
    let condition: @Sendable ([Element]) -> Bool
    let continuation: CheckedContinuation<Void, any Error>
    let timer: GuardTimer
  }

  private struct Parts {
    var elements: [Element] = []
    var waiters: [Int: Waiter] = [:]
    var nextWaiter = 0
  }

  private let parts = Mutex(Parts())
  private let describe: @Sendable (Element) -> String

  /// Creates an empty recorder.
  ///
  /// - Parameter describe: How a failed wait lists an element; `String(describing:)` unless
  ///   given.
  public init(describe: @escaping @Sendable (Element) -> String = { String(describing: $0) }) {
    self.describe = describe
  }

  /// The elements as a failed wait lists them: one a line, the last 20 at most.
  private func listing(_ elements: [Element]) -> String {
    guard !elements.isEmpty else { return "nothing" }
    let shown = elements.suffix(20)
    let skipped = elements.count - shown.count
    let lines = shown.enumerated().map { "\n  \(skipped + $0.offset + 1). \(describe($0.element))" }
    return (skipped > 0 ? "\(elements.count) elements, the last 20:" : "")
      + lines.joined()
  }

  /// Everything recorded so far, in order.
  public var elements: [Element] {
    parts.withLock { $0.elements }
  }

  /// Records `element` and resumes every waiter whose condition now holds.
  ///
  /// - Parameter element: What happened.
  public func append(_ element: Element) {
    let ready = parts.withLock { parts -> [Waiter] in
      parts.elements.append(element)
      let elements = parts.elements
      let ready = parts.waiters.filter { $0.value.condition(elements) }
      for id in ready.keys { parts.waiters[id] = nil }
      return Array(ready.values)
    }
    for waiter in ready {
      waiter.timer.cancel()
      waiter.continuation.resume()
    }
  }

  /// Returns once `condition` holds for the elements recorded so far.
  ///
  /// - Parameters:
  ///   - what: What the test waits for, as a failure names it; the condition's place in the
  ///     source unless given.
  ///   - bound: How long to wait; ``WaitBound/standard`` unless given.
  ///   - fileID: Where the wait is (a default; do not pass it).
  ///   - line: Where the wait is (a default; do not pass it).
  ///   - condition: What must hold.
  /// - Throws: ``WaitTimedOut`` when the bound passes first, with the elements recorded.
  public func wait(
    _ what: String? = nil,
    within bound: Duration = WaitBound.standard,
    fileID: String = #fileID,
    line: Int = #line,
    until condition: @escaping @Sendable ([Element]) -> Bool
  ) async throws {
    let place = location(fileID, line)
    try await withCheckedThrowingContinuation { continuation in
      let expire: @Sendable (Int) -> Void = { [weak self] id in
        guard let self else { return }
        let (waiter, elements) = self.parts.withLock { parts in
          (parts.waiters.removeValue(forKey: id), parts.elements)
        }
        waiter?.continuation.resume(
          throwing: WaitTimedOut(
            what: what ?? "the condition of the wait at \(place) to hold", bound: bound,
            location: place, detail: self.listing(elements)))
      }
      let holds = parts.withLock { parts -> Bool in
        if condition(parts.elements) { return true }
        let id = parts.nextWaiter
        parts.nextWaiter += 1
        let timer = GuardTimer(bound: bound) { expire(id) }
        parts.waiters[id] = Waiter(condition: condition, continuation: continuation, timer: timer)
        return false
      }
      if holds { continuation.resume() }
    }
  }
}
