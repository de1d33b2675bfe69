import LoopSession

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
    -> [String: Int]
  {
    var settings = ["save_quiet_window_ms": saveQuietWindow.sessionMilliseconds]
    if let watchInterval { settings["watch_interval_ms"] = watchInterval.sessionMilliseconds }
    return settings
  }

  /// The save window a session's settings name; zero when they name none.
  ///
  /// - Parameter settings: A session's settings.
  /// - Returns: The window.
  public static func saveQuietWindow(inSessionSettings settings: [String: Int]) -> Duration {
    Duration(sessionMilliseconds: settings["save_quiet_window_ms"]) ?? .zero
  }

  /// The watch interval a session's settings name; `nil` when the planner did not watch.
  ///
  /// - Parameter settings: A session's settings.
  /// - Returns: The interval.
  public static func watchInterval(inSessionSettings settings: [String: Int]) -> Duration? {
    Duration(sessionMilliseconds: settings["watch_interval_ms"])
  }
}
