/// A clock that fails the test if anything sleeps on it.
///
/// Inject it where the feature takes a clock but the test expects no waiting at all: any
/// sleep reports a failure at the line that created the clock, naming the clock and the
/// deadline, then throws `CancellationError` so the feature stops as if it had been cancelled.
///
/// ```swift
/// let search = Search(
///   catalog: .fixtures, clock: UnimplementedClock("debounce clock"), localCatalog: { [] })
/// ```
public final class UnimplementedClock: Clock, Sendable {
  /// A point in the clock's time: the same offset-from-zero instant as a ``TestClock``'s.
  ///
  /// Shared so that the failure prints the deadline as the other test clocks do (`+300 ms`).
  public typealias Instant = TestClock.Instant

  private let name: String
  private let site: CallSite

  /// Creates a clock that reports any sleep as a failure at the caller's line.
  ///
  /// The call site is captured here, so the failure points at the test that set the clock
  /// up, whichever task ends up sleeping on it.
  ///
  /// - Parameters:
  ///   - name: How failures name the clock: "`debounce clock` was asked to sleep...".
  ///   - fileID: The caller's file ID, where failures are reported.
  ///   - filePath: The caller's file path, where failures are reported.
  ///   - line: The caller's line, where failures are reported.
  ///   - column: The caller's column, where failures are reported.
  public init(
    _ name: String = "clock",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.name = name
    self.site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Always ``TestClock/Instant/zero``: no time ever passes on this clock.
  ///
  /// A sleep's deadline is therefore its duration: `sleep(for: .milliseconds(300))` is
  /// reported as a sleep until `+300 ms`.
  public var now: Instant { .zero }

  /// Zero: the clock never measures anything.
  ///
  /// Present for `Clock` conformance.
  public var minimumResolution: Duration { .zero }

  /// Reports a failure at the clock's creation site, then throws.
  ///
  /// The failure says that no sleep was expected, which sleep happened, and what to inject
  /// instead.
  ///
  /// - Parameters:
  ///   - deadline: The instant the caller meant to wake at, shown in the failure.
  ///   - tolerance: Ignored.
  /// - Throws: `CancellationError`, always, so the sleeping feature stops.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    reportFailure(
      """
      `\(name)`.sleep failed.
        Expected: no sleeps on `\(name)`: it is an UnimplementedClock.
        Happened: `\(name)` was asked to sleep until \(deadline).
        Fix: pass a TestClock (and advance it) or an ImmediateClock if the feature is expected \
      to wait.
      """,
      at: site)
    throw CancellationError()
  }
}
