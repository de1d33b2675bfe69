import Foundation
import TrailsModel
import Weather

/// How numbers, times and forecasts read in the text output.
enum Format {
  /// `6.4 km`.
  static func distance(_ kilometres: Double) -> String {
    String(format: "%.1f km", kilometres)
  }

  /// `2 h 05 min`, or `47 min` under an hour, to the nearest minute.
  static func time(_ duration: Duration) -> String {
    let minutes = Int((duration.components.seconds + 30) / 60)
    let rest = minutes % 60
    guard minutes >= 60 else { return "\(minutes) min" }
    return "\(minutes / 60) h \(rest < 10 ? "0" : "")\(rest) min"
  }

  /// `9.6 km, 205 m ascent, about 2 h 16 min`.
  static func totals(_ totals: PlanTotals) -> String {
    "\(distance(totals.distanceKm)), \(totals.ascentM) m ascent, about \(time(totals.estimatedTime))"
  }

  /// `rain, 6.1 to 11.2 °C, 4.2 mm`; a temperature known alone is shown alone (`low 6.1 °C`,
  /// `high 11.2 °C`), and an unknown value is left out.
  static func forecast(_ day: DailyForecast) -> String {
    var parts = [day.code.words]
    switch (day.minC, day.maxC) {
    case (let low?, let high?): parts.append(String(format: "%.1f to %.1f °C", low, high))
    case (let low?, nil): parts.append(String(format: "low %.1f °C", low))
    case (nil, let high?): parts.append(String(format: "high %.1f °C", high))
    case (nil, nil): break
    }
    if let rain = day.precipitationMm {
      parts.append(String(format: "%.1f mm", rain))
    }
    return parts.joined(separator: ", ")
  }

  /// `text` followed by spaces up to `width` characters.
  static func padded(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(1, width - text.count))
  }

  /// Whole seconds, for JSON.
  static func seconds(_ duration: Duration) -> Int {
    Int(duration.components.seconds)
  }
}
