/// Durations as the whole milliseconds `poll` takes.
enum Milliseconds {
  /// `duration` in milliseconds, rounded up (so a wait is never cut short), clamped to
  /// `0...Int32.max`.
  static func roundedUp(_ duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    guard seconds >= 0, attoseconds >= 0 else { return 0 }
    guard seconds < Int64(Int32.max) / 1_000 else { return Int32.max }
    let perMillisecond: Int64 = 1_000_000_000_000_000
    let fraction = (attoseconds + perMillisecond - 1) / perMillisecond
    return Int32(seconds * 1_000 + fraction)
  }
}
