import TrailsModel

extension Trails.State {
  /// The reducer's body: one event, one step.
  ///
  /// A user's request first clears the last ``problem``; a request that cannot be carried out
  /// sets a new one and changes nothing else.
  mutating func reduce(_ event: Trails.Event) {
    switch event {
    case .select(let tab):
      problem = nil
      select(tab)
    case .show(let route):
      problem = nil
      show(route)
    case .back:
      problem = nil
      back()
    case .open(let link):
      problem = nil
      open(link)
    case .edit(let edit):
      problem = nil
      accept(edit)
    case .restored(let saved):
      finishRestore(with: saved)
    case .restoreFailed(let message):
      failRestore(message)
    case .writeDue(let write):
      startWrite(write)
    case .written(let write, let stored, let rejected):
      finishWrite(write, stored: stored, rejected: rejected)
    case .writeFailed(let write, let message):
      failWrite(write, message: message)
    case .storeChanged(let stored):
      adoptStored(stored)
    case .forecastLoaded(let key, let forecast):
      settleForecast(key, .loaded(forecast))
    case .forecastFailed(let key, let message):
      settleForecast(key, .failed(message))
    case .trailForecastLoaded(let trailID, let forecast):
      settleTrailForecast(trailID, .loaded(forecast))
    case .trailForecastFailed(let trailID, let message):
      settleTrailForecast(trailID, .failed(message))
    }
  }

  /// Records a planned forecast's answer, unless its day or trail has left the plan.
  private mutating func settleForecast(_ key: Trails.ForecastKey, _ status: Trails.ForecastStatus) {
    guard forecasts[key] == .loading else { return }
    forecasts[key] = status
  }

  /// Records the trail forecast's answer, unless another trail is on screen by now.
  private mutating func settleTrailForecast(_ trailID: String, _ status: Trails.ForecastStatus) {
    guard trailForecast == Trails.TrailForecast(trailID: trailID, status: .loading) else { return }
    trailForecast?.status = status
  }
}
