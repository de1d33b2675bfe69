import Loop
import TrailsModel
import Weather

extension Trails {
  /// Reads the saved plan once, at launch: the launch state's restore is pending.
  var restoreFeedback: Feedback<State, Event> {
    .whenBecomesTrue(
      { $0.restore == .pending }, name: "restore",
      effect: { [store] in .restored(try await store.load()) },
      onError: { .restoreFailed(String(describing: $0)) })
  }

  /// Saves the plan once it has gone ``saveQuietWindow`` without a change.
  ///
  /// The query is the revision waiting to be saved: every change makes a new one, which
  /// cancels the sleeping save and starts the window again, so a burst of edits is one save.
  /// After a failure the query stays the same and nothing runs until the next change.
  var saveFeedback: Feedback<State, Event> {
    .onChange(of: \.pendingSave, name: "save") { [store, clock, saveQuietWindow] snapshot in
      try await clock.sleep(for: saveQuietWindow)
      // A change that came as the window ended has replaced this save: leave it to the next.
      try Task.checkCancellation()
      do {
        try await store.save(snapshot.plan)
      } catch is CancellationError {
        throw CancellationError()
      } catch {
        return .saveFailed(revision: snapshot.revision, message: String(describing: error))
      }
      return .saved(snapshot)
    }
  }

  /// One forecast request per planned (day, trail), for as long as it stays planned.
  var plannedForecastsFeedback: Feedback<State, Event> {
    .forEach(keys: \.plannedForecastKeys, name: "forecast") { [catalog, weather] key in
      guard let trail = catalog.trail(id: key.trailID) else {
        return .forecastFailed(key, Problem.unknownTrail(key.trailID).message)
      }
      do {
        return .forecastLoaded(key, try await weather.forecast(trail.trailhead))
      } catch is CancellationError {
        throw CancellationError()
      } catch {
        return .forecastFailed(key, String(describing: error))
      }
    }
  }

  /// The forecast of the trail on screen; another trail on screen replaces the request.
  var trailForecastFeedback: Feedback<State, Event> {
    .onChange(of: \.trailForecast?.trailID, name: "trailForecast") {
      [catalog, weather] trailID in
      guard let trail = catalog.trail(id: trailID) else {
        return .trailForecastFailed(trailID: trailID, Problem.unknownTrail(trailID).message)
      }
      do {
        return .trailForecastLoaded(
          trailID: trailID, try await weather.forecast(trail.trailhead))
      } catch is CancellationError {
        throw CancellationError()
      } catch {
        return .trailForecastFailed(trailID: trailID, String(describing: error))
      }
    }
  }
}
