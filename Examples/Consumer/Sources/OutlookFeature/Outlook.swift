import Loop

/// A place's weather outlook: restored at launch, typed with a debounce, refreshed on request,
/// and followed live while the user watches.
///
/// ```swift
/// let store = Store(
///   initial: Outlook.State(),
///   machine: Outlook(service: .fixtures, places: .fixtures, clock: ContinuousClock()))
/// store.send(.appeared)
/// ```
public struct Outlook: Machine {
  /// How long typing must pause before the typed place is asked for.
  public static let debounce: Duration = .milliseconds(300)

  /// Where forecasts come from.
  public let service: ForecastService
  /// Where the last place is kept between launches.
  public let places: PlaceStore
  /// The clock the debounce sleeps on: a `TestClock` in tests.
  public let clock: any Clock<Duration>

  /// Creates the machine from its dependencies.
  ///
  /// - Parameters:
  ///   - service: Where forecasts come from.
  ///   - places: Where the last place is kept.
  ///   - clock: The clock the debounce sleeps on.
  public init(service: ForecastService, places: PlaceStore, clock: any Clock<Duration>) {
    (self.service, self.places, self.clock) = (service, places, clock)
  }

  /// The transition function: pure, synchronous, and callable directly in tests.
  public static let reducer = Reducer<State, Event> { state, event in
    switch event {
    case .appeared:
      if state.restoration == .pending { state.restoration = .restoring }
    case .restored(let place):
      guard state.restoration == .restoring else { return }
      state.restoration = .done
      if let place, !place.isEmpty {
        (state.query, state.place) = (place, place)
        startRequest(&state)
      }
    case .placeChanged(let query):
      state.query = query
      let place = query.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      state.load = place.isEmpty ? .idle : .debouncing(place)
    case .debounced(let place):
      guard state.load == .debouncing(place) else { return }
      state.place = place
      startRequest(&state)
    case .refresh:
      guard !state.place.isEmpty else { return }
      startRequest(&state)
    case .loaded(let forecast):
      guard state.load.request != nil else { return }
      state.load = .idle
      state.forecast = forecast
    case .failed(let message):
      guard state.load.request != nil else { return }
      state.load = .failed(message)
    case .watch(let isWatching):
      state.isWatching = isWatching
    case .updated(let forecast):
      state.forecast = forecast
    }
  }

  /// Starts a new request for the shown place; a running one is replaced (switch-latest).
  private static func startRequest(_ state: inout State) {
    state.requests += 1
    state.load = .loading(Request(place: state.place, id: state.requests))
  }

  /// Restore, debounce, load, save and follow: one feedback each.
  public var feedbacks: [Feedback<State, Event>] {
    [
      .whenBecomesTrue(
        { $0.restoration == .restoring }, name: "restore",
        effect: { [places] in .restored(try await places.load()) },
        onError: { _ in .restored(nil) }),
      .onChange(of: \.load.debouncing, name: "debounce") { [clock] place in
        try await clock.sleep(for: Self.debounce)
        return .debounced(place)
      },
      .onChange(
        of: \.load.request, name: "load",
        effect: { [service] request in .loaded(try await service.forecast(request.place)) },
        onError: { _, error in
          .failed((error as? ForecastError ?? .unavailable).userMessage)
        }),
      .onEvent(
        matching: { event in if case .debounced(let place) = event { place } else { nil } },
        name: "save",
        effect: { [places] place in
          try await places.save(place)
          return nil
        }),
      .streaming(of: \.watchedPlace, name: "updates") { [service] place in
        Updates(forecasts: service.updates(place))
      },
    ]
  }
}

extension Outlook {
  /// A subscription's forecasts as events: each one an ``Event/updated(_:)``.
  struct Updates: AsyncSequence, Sendable {
    typealias Element = Event
    typealias Failure = any Error

    let forecasts: any AsyncSequence<Forecast, any Error> & Sendable

    func makeAsyncIterator() -> Iterator {
      Iterator(forecasts: forecasts.makeAsyncIterator())
    }

    struct Iterator: AsyncIteratorProtocol {
      var forecasts: any AsyncIteratorProtocol<Forecast, any Error>

      mutating func next() async throws -> Event? {
        try await forecasts.next().map(Event.updated)
      }
    }
  }
}
