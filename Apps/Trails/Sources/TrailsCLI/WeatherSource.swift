import Terminal

/// Where forecasts come from: `--source fixtures|live`.
enum WeatherSource: String, CaseIterable, ArgumentValue {
  /// The bundled fixtures: offline, the default.
  case fixtures
  /// Open-Meteo, or the host `--api-base` names.
  case live
}
