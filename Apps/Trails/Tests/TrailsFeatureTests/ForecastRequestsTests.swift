import Testing
import TrailsFeature

@testable import TrailsContract

/// Which forecasts a planner asks for: what a screen shows, when they are settled, and how a
/// recording keeps the choice.
struct ForecastRequestsTests {
  typealias S = TrailsSamples

  /// The state after `events`, from a restored plan with the Gull Point Loop on day 1.
  private func state(_ events: Trails.Event...) -> Trails.State {
    var state = S.restored(S.plan([S.gull]))
    for event in events { Trails.reducer(&state, event) }
    return state
  }

  @Test func aScreenAsksOnlyForTheForecastsItShows() {
    #expect(Trails.ForecastRequests.shown(in: state()) == [])
    #expect(Trails.ForecastRequests.shown(in: state(.show(.region(S.coast)))) == [])
    #expect(Trails.ForecastRequests.shown(in: state(.select(.plan))) == .planned)
    #expect(Trails.ForecastRequests.shown(in: state(.show(.trail(S.gull)))) == .shownTrail)
    #expect(
      Trails.ForecastRequests.shown(in: state(.select(.plan), .show(.trail(S.gull))))
        == .shownTrail)
  }

  @Test func forecastsAreSettledWhenTheKindsAskedForHaveAnswered() {
    // The planned day's forecast is loading; the trail on screen's too.
    let loading = state(.show(.trail(S.tidepool)))
    #expect(loading.forecastsSettled([]))
    #expect(!loading.forecastsSettled(.planned))
    #expect(!loading.forecastsSettled(.shownTrail))

    var trailAnswered = loading
    Trails.reducer(&trailAnswered, .trailForecastLoaded(trailID: S.tidepool, S.forecast))
    #expect(trailAnswered.forecastsSettled(.shownTrail))
    #expect(!trailAnswered.forecastsSettled(.all))
    #expect(trailAnswered.forecastsSettled(.all) == trailAnswered.forecastsSettled)
  }

  @Test func aRecordingKeepsTheForecastsAskedForAndAnOlderOneMeansAll() {
    for requests: Trails.ForecastRequests in [[], .planned, .shownTrail, .all] {
      let settings = Trails.recordingSettings(
        saveQuietWindow: .zero, watchInterval: nil, forecastRequests: requests)
      #expect(Trails.forecastRequests(inRecordingSettings: settings) == requests)
    }
    #expect(
      Trails.recordingSettings(saveQuietWindow: .zero, watchInterval: nil)["forecast_requests"]
        == nil)
    #expect(Trails.forecastRequests(inRecordingSettings: ["save_quiet_window_ms": 0]) == .all)
  }

  /// Forecast keys sort by day, then by trail id: the order the planner asks for them in, so
  /// their generations are the same every run.
  @Test func forecastKeysSortByDayThenByTrailID() {
    let keys = [
      Trails.ForecastKey(day: 2, trailID: "a"), Trails.ForecastKey(day: 1, trailID: "b"),
      Trails.ForecastKey(day: 1, trailID: "a"),
    ]
    #expect(
      keys.sorted() == [
        Trails.ForecastKey(day: 1, trailID: "a"), Trails.ForecastKey(day: 1, trailID: "b"),
        Trails.ForecastKey(day: 2, trailID: "a"),
      ])
  }
}
