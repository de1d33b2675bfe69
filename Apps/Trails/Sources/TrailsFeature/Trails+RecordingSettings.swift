import LoopRecording

extension Trails {
  /// The settings a recording keeps so a replay builds the same planner: the save
  /// window and the watch interval, in whole milliseconds (`save_quiet_window_ms`,
  /// `watch_interval_ms`, absent when the planner does not watch), and the forecasts it asks
  /// for (`forecast_requests`, the bits of ``Trails/ForecastRequests``, absent when it asks
  /// for all, as every planner did before the setting existed).
  ///
  /// - Parameters:
  ///   - saveQuietWindow: The planner's ``saveQuietWindow``.
  ///   - watchInterval: The planner's ``watchInterval``.
  ///   - forecastRequests: The planner's ``forecastRequests``.
  /// - Returns: The settings.
  public static func recordingSettings(
    saveQuietWindow: Duration, watchInterval: Duration?,
    forecastRequests: ForecastRequests = .all
  ) -> [String: Int] {
    var settings = ["save_quiet_window_ms": saveQuietWindow.recordingMilliseconds]
    if let watchInterval { settings["watch_interval_ms"] = watchInterval.recordingMilliseconds }
    if forecastRequests != .all { settings["forecast_requests"] = forecastRequests.rawValue }
    return settings
  }

  /// The forecasts a recording's settings say the planner asked for; all when they say
  /// nothing.
  ///
  /// - Parameter settings: A recording's settings.
  /// - Returns: The requests.
  public static func forecastRequests(inRecordingSettings settings: [String: Int])
    -> ForecastRequests
  {
    settings["forecast_requests"].map(ForecastRequests.init(rawValue:)) ?? .all
  }

  /// The save window a recording's settings name; zero when they name none.
  ///
  /// - Parameter settings: A recording's settings.
  /// - Returns: The window.
  public static func saveQuietWindow(inRecordingSettings settings: [String: Int]) -> Duration {
    Duration(recordingMilliseconds: settings["save_quiet_window_ms"]) ?? .zero
  }

  /// The watch interval a recording's settings name; `nil` when the planner did not watch.
  ///
  /// - Parameter settings: A recording's settings.
  /// - Returns: The interval.
  public static func watchInterval(inRecordingSettings settings: [String: Int]) -> Duration? {
    Duration(recordingMilliseconds: settings["watch_interval_ms"])
  }
}
