import LoopSession

extension Search {
  /// The settings a recorded session keeps so a replay builds the same search: the debounce,
  /// in whole milliseconds (`debounce_ms`).
  ///
  /// - Parameter debounce: The debounce the app runs with.
  /// - Returns: The settings.
  public static func sessionSettings(debounce: Duration) -> [String: Int] {
    ["debounce_ms": debounce.sessionMilliseconds]
  }

  /// The debounce a session's settings name; `nil` when they name none or not a count of
  /// milliseconds.
  ///
  /// - Parameter settings: A session's settings.
  /// - Returns: The debounce.
  public static func debounce(inSessionSettings settings: [String: Int]) -> Duration? {
    Duration(sessionMilliseconds: settings["debounce_ms"])
  }
}
