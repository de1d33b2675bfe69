/// The clock a ``StoreMonitor``'s watchdog counts timeouts on: the continuous clock, or in
/// the library's own tests a ``TestClock``, so that a watchdog that wakes late can be made to
/// without holding real threads for real time.
///
/// Times are durations since the clock's reading when this value was made.
struct WatchdogClock: Sendable {
  /// The time since the origin now.
  let now: @Sendable () -> Duration
  /// Sleeps until the given time since the origin; throws when the task is cancelled.
  let sleep: @Sendable (Duration) async throws -> Void

  /// Counts on `clock`, from its reading now.
  init<C: Clock>(_ clock: C) where C.Duration == Duration {
    let origin = clock.now
    now = { origin.duration(to: clock.now) }
    sleep = { try await clock.sleep(until: origin.advanced(by: $0), tolerance: nil) }
  }

  /// The continuous clock: wall-clock time, which goes on while the process is suspended too.
  static var continuous: WatchdogClock { WatchdogClock(ContinuousClock()) }
}
