import Fixtures
import LoopContracts
import LoopTesting
import TrailsFeature
import TrailsModel
import Weather

extension Trails {
  static let forecastScenarios: [Scenario<Trails>] = [
    Scenario("the README's plan: each day dated from the start, with its trailhead's forecast") {
      context in
      typealias S = TrailsSamples
      let clock = TestClock()
      // Every trailhead answered with its own fixture, as fixture-server serves them.
      let weather = WeatherService(forecast: { coordinate in
        try Fixtures.decode(Forecast.self, from: WeatherService.fixturePath(for: coordinate))
      })
      let machine = TrailsDoubles.machine(
        database: TrailsDoubles.database(loads: CallLog(), saves: CallLog()), weather: weather,
        clock: clock)
      let store = context.store(initial: S.launch, machine: machine, clock: clock)
      await store.wait { $0.persistence.ready != nil }
      store.send(.edit(.add(trailID: S.gull, day: 1)))
      await store.settle()
      store.send(.edit(.add(trailID: "driftwood-headland", day: 2)))
      await store.wait { $0.forecasts.count == 2 && $0.forecastsSettled }
      // The values the README shows, read off the fixtures by hand.
      let plan = store.state.plan
      let dates = plan.days.map { plan.date(of: $0).description }
      context.check(dates == ["2026-12-01", "2026-12-02"], "the days' dates: \(dates)")
      let gull = store.state.dailyForecast(for: ForecastKey(day: 1, trailID: S.gull))
      context.check(
        gull?.date.description == "2026-12-01" && gull?.minC == 6.1 && gull?.maxC == 11.2
          && gull?.precipitationMm == 4.2 && gull?.code.words == "rain",
        "Gull Point Loop, day 1: rain, 6.1 to 11.2 °C, 4.2 mm: \(String(describing: gull))")
      let driftwood = store.state.dailyForecast(
        for: ForecastKey(day: 2, trailID: "driftwood-headland"))
      context.check(
        driftwood?.date.description == "2026-12-02" && driftwood?.minC == 5.1
          && driftwood?.maxC == nil && driftwood?.precipitationMm == 13.5
          && driftwood?.code.words == "rain",
        "Driftwood Headland, day 2: rain, low 5.1 °C, 13.5 mm: \(String(describing: driftwood))")
    },
    Scenario("forecasts for two planned days: two calls") { context in
      typealias S = TrailsSamples
      let (clock, weather) = (TestClock(), CallLog<Coordinate>())
      let machine = TrailsDoubles.machine(
        database: TrailsDoubles.database(loads: CallLog(), saves: CallLog()),
        weather: TrailsDoubles.weather(weather), clock: clock)
      let store = context.store(initial: S.launch, machine: machine, clock: clock)
      await store.wait { $0.persistence.ready != nil }
      store.send(.edit(.add(trailID: S.gull, day: 1)))
      await store.settle()  // day 1's forecast has come
      store.send(.edit(.add(trailID: S.cinder, day: 2)))
      await store.wait { $0.forecasts.count == 2 && $0.forecastsSettled }
      let day1 = ForecastKey(day: 1, trailID: S.gull)
      context.check(
        store.state.dailyForecast(for: day1)?.date == S.today, "day 1 shows the start day")
      context.budget(
        "forecast", weather, exactly: 2,
        with: [S.trailhead(of: S.gull), S.trailhead(of: S.cinder)])
    },
    Scenario("a planner asks only for the forecasts it was built to: none, or the trail's") {
      context in
      typealias S = TrailsSamples
      // A one-shot edit's planner (`trails plan add`) on a plan with a trail on day 1.
      let (clock, quiet) = (TestClock(), CallLog<Coordinate>())
      let editor = context.store(
        initial: S.launch,
        machine: TrailsDoubles.machine(
          database: TrailsDoubles.database(
            holding: S.plan([S.gull]), loads: CallLog(), saves: CallLog()),
          weather: TrailsDoubles.weather(quiet), clock: clock, forecastRequests: []),
        clock: clock)
      await editor.wait { $0.persistence.ready != nil }
      editor.send(.edit(.add(trailID: S.cinder, day: 2)))
      await editor.advance(by: .milliseconds(500))
      await editor.wait { $0.isSaved }
      context.budget("forecast (none asked)", quiet, exactly: 0)
      // `trails trail <id>` on the same plan: the trail's forecast, not the planned days'.
      let (shownClock, shown) = (TestClock(), CallLog<Coordinate>())
      let viewer = context.store(
        initial: S.launch,
        machine: TrailsDoubles.machine(
          database: TrailsDoubles.database(
            holding: S.plan([S.gull]), loads: CallLog(), saves: CallLog()),
          weather: TrailsDoubles.weather(shown), clock: shownClock,
          forecastRequests: .shownTrail),
        clock: shownClock)
      viewer.send(.show(.trail(S.tidepool)))
      await viewer.wait {
        $0.persistence.ready != nil && $0.forecastsSettled(.shownTrail)
      }
      context.budget(
        "forecast (the trail's)", shown, exactly: 1, with: [S.trailhead(of: S.tidepool)])
    },
    Scenario("removing a day cancels its forecast request") { context in
      typealias S = TrailsSamples
      let (clock, work, weather) = (TestClock(), ControlledWork<Forecast>(), CallLog<Coordinate>())
      let machine = TrailsDoubles.machine(
        database: TrailsDoubles.database(loads: CallLog(), saves: CallLog()),
        weather: TrailsDoubles.weather(work, weather), clock: clock)
      let store = context.store(initial: S.launch, machine: machine, clock: clock)
      await store.wait { $0.persistence.ready != nil }
      store.send(.edit(.add(trailID: S.gull, day: 1)))
      await store.settle()
      store.send(.edit(.add(trailID: S.tidepool, day: 2)))
      await store.settle()
      store.send(.edit(.removeDay(2)))
      await store.settle()
      context.check(work.cancelledGenerations == [1], "day 2's request (generation 1) cancelled")
      work.succeed(0, with: S.forecast)
      work.succeed(1, with: S.forecast)  // too late: dropped
      await store.wait {
        $0.forecasts == [ForecastKey(day: 1, trailID: S.gull): .loaded(S.forecast)]
      }
      context.check(work.droppedCompletions == [1], "the cancelled answer was dropped")
      context.budget(
        "forecast", weather, exactly: 2,
        with: [S.trailhead(of: S.gull), S.trailhead(of: S.tidepool)])
    },
    Scenario("the trail on screen: the latest forecast request wins") { context in
      typealias S = TrailsSamples
      let (clock, work, weather) = (TestClock(), ControlledWork<Forecast>(), CallLog<Coordinate>())
      let machine = TrailsDoubles.machine(
        database: TrailsDoubles.database(loads: CallLog(), saves: CallLog()),
        weather: TrailsDoubles.weather(work, weather), clock: clock)
      let store = context.store(initial: S.launch, machine: machine, clock: clock)
      await store.wait { $0.persistence.ready != nil }
      store.send(.open("trails://trail/\(S.gull)"))
      await store.settle()
      store.send(.open("trails://trail/\(S.tidepool)"))
      await store.settle()
      work.succeed(0, with: S.forecast)
      work.succeed(1, with: S.forecast)
      await store.wait {
        $0.trailForecast == TrailForecast(trailID: S.tidepool, status: .loaded(S.forecast))
      }
      context.check(work.cancelledGenerations == [0], "the first trail's request was cancelled")
      context.check(work.droppedCompletions == [0], "and its late answer dropped")
      context.budget(
        "forecast", weather, exactly: 2,
        with: [S.trailhead(of: S.gull), S.trailhead(of: S.tidepool)])
    },
    Scenario("a superseded forecast request that answers late changes nothing") { context in
      // The service ignores cancellation, as a slow server can: the first request for the
      // Gull Point Loop answers, with another trailhead's forecast, after the trail was left
      // and opened again.
      typealias S = TrailsSamples
      let (clock, work, weather) = (TestClock(), ControlledWork<Forecast>(), CallLog<Coordinate>())
      let service = WeatherService(
        forecast: weather.recording { _ in try await Task { try await work.makeWork() }.value })
      let machine = TrailsDoubles.machine(
        database: TrailsDoubles.database(loads: CallLog(), saves: CallLog()), weather: service,
        clock: clock)
      let store = context.store(initial: S.launch, machine: machine, clock: clock)
      await store.wait { $0.persistence.ready != nil }
      store.send(.open("trails://trail/\(S.gull)"))
      await store.settle()  // the first request is generation 0 of `work`, in flight
      store.send(.back)
      store.send(.show(.trail(S.gull)))
      await store.settle()  // the second is generation 1
      work.succeed(0, with: S.cinderForecast)
      await store.settle()
      context.check(
        store.state.trailForecast == TrailForecast(trailID: S.gull, status: .loading),
        "the superseded request's late answer is not shown: \(store.state.trailForecast as Any)")
      work.succeed(1, with: S.forecast)
      await store.wait { $0.trailForecast?.status == .loaded(S.forecast) }
      context.budget(
        "forecast", weather, exactly: 2,
        with: [S.trailhead(of: S.gull), S.trailhead(of: S.gull)])
    },
    Scenario("each kind of forecast failure shows the user its own line") { context in
      typealias S = TrailsSamples
      let cases: [(WeatherError, String)] = [
        (.server(503), "the forecast service failed (HTTP 503); try again later"),
        (.rateLimited, "too many forecast requests for Open-Meteo; try again in a minute"),
        (.network("the network is down"), "no forecast: the network is down"),
        (.decoding("no daily data"), "the forecast could not be read: no daily data"),
      ]
      for (error, line) in cases {
        let clock = TestClock()
        let machine = TrailsDoubles.machine(
          database: TrailsDoubles.database(loads: CallLog(), saves: CallLog()),
          weather: WeatherService(forecast: { _ in throw error }), clock: clock)
        let store = context.store(initial: S.launch, machine: machine, clock: clock)
        await store.wait { $0.persistence.ready != nil }
        store.send(.open("trails://trail/\(S.cinder)"))
        await store.settle()  // the trail's forecast has failed
        store.send(.edit(.add(trailID: S.cinder, day: 1)))
        await store.wait {
          $0.trailForecast?.status == .failed(line)
            && $0.forecasts[ForecastKey(day: 1, trailID: S.cinder)] == .failed(line)
        }
      }
    },
  ]
}
