import LoopRecording

extension Search {
  /// The settings a recording keeps so a replay builds the same search: the debounce,
  /// in whole milliseconds (`debounce_ms`).
  ///
  /// - Parameter debounce: The debounce the app runs with.
  /// - Returns: The settings.
  public static func recordingSettings(debounce: Duration) -> [String: Int] {
    ["debounce_ms": debounce.recordingMilliseconds]
  }

  /// The debounce a recording's settings name; `nil` when they name none or not a count of
  /// milliseconds.
  ///
  /// - Parameter settings: A recording's settings.
  /// - Returns: The debounce.
  public static func debounce(inRecordingSettings settings: [String: Int]) -> Duration? {
    Duration(recordingMilliseconds: settings["debounce_ms"])
  }
}
