import Foundation
import Terminal
import TrailsFeature
import TrailsModel
import TrailsPersistence
import Weather

/// The planner's dependencies, chosen from the command line.
struct Composition {
  /// The first day the bundled forecasts cover: offline, a new plan starts then, so its days
  /// have forecasts.
  static let fixturesToday = Day(year: 2026, month: 12, day: 1)

  let catalog: TrailCatalog
  let store: TrailStore
  let weather: WeatherService
  let today: Day
  /// Whether forecasts come from the fixtures because no source was asked for: say so once.
  let isDefaultOffline: Bool

  /// Reads the options (a usage error before anything is opened), then opens the database:
  /// for writing, or read-only (a command that only reads creates and changes nothing, and
  /// a missing database is an empty plan).
  init(_ arguments: ParsedArguments, access: SQLiteTrailStore.Access) throws {
    let source = try SourceOptions(arguments)
    switch source.source {
    case .fixtures:
      weather = .fixtures
      today = Self.fixturesToday ?? Day(Date())
    case .live:
      weather = .live(baseURL: source.apiBase ?? WeatherService.openMeteoBaseURL)
      today = Day(Date())
    }
    isDefaultOffline = !source.isChosen
    do {
      catalog = try TrailCatalog.fixtures()
    } catch {
      throw CommandFailure("the trail catalog could not be loaded: \(error)")
    }
    do {
      store = try TrailStore.sqlite(
        path: arguments.value("db") ?? SQLiteTrailStore.defaultPath(), access: access)
    } catch {
      throw CommandFailure(error.userMessage)
    }
  }

  /// The planner, writing after `saveQuietWindow` of quiet and watching the database every
  /// `watchInterval` when given.
  func machine(saveQuietWindow: Duration, watchInterval: Duration?) -> Trails {
    Trails(
      catalog: catalog, store: store, weather: weather, clock: ContinuousClock(),
      saveQuietWindow: saveQuietWindow, watchInterval: watchInterval)
  }
}
