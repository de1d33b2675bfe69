import Loop
import TrailsModel
import Weather

extension Trails {
  /// Reads the stored plan once, at launch: the launch state is restoring.
  var restoreFeedback: Feedback<State, Event> {
    .whenBecomesTrue(
      { $0.persistence.isRestoring }, name: "restore",
      effect: { [database] in .restored(try await database.load()) },
      onError: { .restoreFailed(String(describing: $0)) })
  }

  /// Lets the unwritten edits go to the database once the plan has gone ``saveQuietWindow``
  /// without a change.
  ///
  /// The query is the pending write: every edit makes a new one, which cancels the sleeping
  /// window and starts it again, so a burst of edits is one write. After a failure there is
  /// no pending write until the next change.
  var saveFeedback: Feedback<State, Event> {
    .onChange(of: \.pendingWrite, name: "save") { [clock, saveQuietWindow] write in
      try await clock.sleep(for: saveQuietWindow)
      return .writeDue(write)
    }
  }

  /// Writes the edits in flight: one ``PlanDatabase/update(_:)`` that applies them to the plan
  /// the database holds, with the reducer's own function, and answers with what it stored.
  ///
  /// Its query changes only when the write's answer is reduced, so a write, once begun, is
  /// never cancelled by an edit: the edit waits for the next write.
  var writeFeedback: Feedback<State, Event> {
    .onChange(
      of: \.persistence.ready?.writing, name: "write",
      effect: { [database, catalog] write in
        let (stored, rejected) = try await database.update { current in
          write.merged(onto: current, in: catalog)
        }
        return .written(write, stored: stored, rejected: rejected)
      },
      onError: { write, error in .writeFailed(write, message: String(describing: error)) })
  }

  /// Checks the database's revision every `interval` and reads the plan when another process
  /// wrote it; only in machines built with a ``watchInterval``.
  ///
  /// The query is the revision the planner knows: adopting a newer plan, or a write of its
  /// own, starts a new watch from there. A failed check (the database busy a moment) is
  /// tried again on the next tick.
  func watchFeedback(every interval: Duration) -> Feedback<State, Event> {
    .onChange(of: \.watchedRevision, name: "watch") { [database, clock] known in
      while true {
        try await clock.sleep(for: interval)
        // A check that fails is tried again on the next tick; cancellation ends the sleep.
        if let revision = try? await database.revision(), revision != known,
          let stored = try? await database.load()
        {
          return .storeChanged(stored)
        }
      }
    }
  }

  /// One forecast request per planned (day, trail), for as long as it stays planned.
  var plannedForecastsFeedback: Feedback<State, Event> {
    .forEach(
      // In (day, trail) order, so the forecasts' generations are the same every run.
      keys: { $0.plannedForecastKeys.sorted() }, name: "forecast",
      effect: { [catalog, weather] key in
        guard let trail = catalog.trail(id: key.trailID) else {
          return .forecastFailed(key, Problem.unknownTrail(key.trailID).message)
        }
        return .forecastLoaded(key, try await weather.forecast(trail.trailhead))
      },
      onError: { key, error in .forecastFailed(key, String(describing: error)) })
  }

  /// The forecast of the trail on screen; another trail on screen replaces the request.
  var trailForecastFeedback: Feedback<State, Event> {
    .onChange(
      of: \.trailForecast?.trailID, name: "trailForecast",
      effect: { [catalog, weather] trailID in
        guard let trail = catalog.trail(id: trailID) else {
          return .trailForecastFailed(trailID: trailID, Problem.unknownTrail(trailID).message)
        }
        return .trailForecastLoaded(trailID: trailID, try await weather.forecast(trail.trailhead))
      },
      onError: { trailID, error in .trailForecastFailed(trailID: trailID, String(describing: error))
      })
  }
}
