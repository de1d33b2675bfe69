extension Trails {
  /// The settings a recorded session keeps so a replay builds the same planner: the save
  /// window and the watch interval, in whole milliseconds (`save_quiet_window_ms`,
  /// `watch_interval_ms`, absent when the planner does not watch).
  ///
  /// - Parameters:
  ///   - saveQuietWindow: The planner's ``saveQuietWindow``.
  ///   - watchInterval: The planner's ``watchInterval``.
  /// - Returns: The settings.
  public static func sessionSettings(saveQuietWindow: Duration, watchInterval: Duration?)
    -> [String: String]
  {
    var settings = ["save_quiet_window_ms": "\(milliseconds(saveQuietWindow))"]
    if let watchInterval { settings["watch_interval_ms"] = "\(milliseconds(watchInterval))" }
    return settings
  }

  /// The save window a session's settings name; zero when they name none.
  ///
  /// - Parameter settings: A session's settings.
  /// - Returns: The window.
  public static func saveQuietWindow(inSessionSettings settings: [String: String]) -> Duration {
    duration(settings["save_quiet_window_ms"]) ?? .zero
  }

  /// The watch interval a session's settings name; `nil` when the planner did not watch.
  ///
  /// - Parameter settings: A session's settings.
  /// - Returns: The interval.
  public static func watchInterval(inSessionSettings settings: [String: String]) -> Duration? {
    duration(settings["watch_interval_ms"])
  }

  private static func milliseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
  }

  private static func duration(_ text: String?) -> Duration? {
    guard let text, let milliseconds = Int(text), milliseconds >= 0 else { return nil }
    return .milliseconds(milliseconds)
  }
}
