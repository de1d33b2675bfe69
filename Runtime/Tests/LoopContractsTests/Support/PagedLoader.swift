import Loop
import LoopContracts
import LoopSynchronization
import LoopTesting

/// A paged loader: next page on request, ignored while loading, stops at the last page.
struct PagedLoader: Machine {
  struct State: Hashable, Sendable {
    var items: [Int] = []
    var pagesLoaded = 0
    var loading: Int?
    var lastPage = 3
    /// Bumped on every request by the buggy reducer only.
    var requestID = 0

    var isExhausted: Bool { pagesLoaded >= lastPage }
  }

  enum Event: Hashable, Sendable, Codable {
    case next
    case loaded(page: Int, items: [Int])
  }

  let load: @Sendable (Int) async throws -> [Int]

  static let reducer = Reducer<State, Event> { state, event in
    switch event {
    case .next:
      guard state.loading == nil, !state.isExhausted else { return }
      state.loading = state.pagesLoaded + 1
    case .loaded(let page, let items):
      guard page == state.loading else { return }
      state.loading = nil
      state.pagesLoaded = page
      state.items += items
    }
  }

  var feedbacks: [Feedback<State, Event>] {
    [
      .onChange(of: \.loading, name: "load") { [load] page in
        .loaded(page: page, items: try await load(page))
      }
    ]
  }

  enum Phase: CaseIterable, Sendable { case idle, loading, exhausted }
  enum Kind: String, CaseIterable, Sendable { case next, loaded }

  static let phases: @Sendable (State) -> Phase = { state in
    if state.loading != nil { return .loading }
    return state.isExhausted ? .exhausted : .idle
  }

  static let table: [Move<Phase, Kind>] = [
    Move(.idle, on: .next, to: .loading),
    Move(.loading, on: .next, to: .loading),
    Move(.loading, on: .loaded, to: .idle),
    Move(.loading, on: .loaded, to: .exhausted),
    Move(.exhausted, on: .next, to: .exhausted),
    Move(.idle, on: .loaded, to: .idle),
    Move(.loading, on: .loaded, to: .loading),
    Move(.exhausted, on: .loaded, to: .exhausted),
  ]
}

/// The loader with a bug: a request while loading restarts the load.
struct RestartingLoader: Machine {
  typealias State = PagedLoader.State
  typealias Event = PagedLoader.Event
  let load: @Sendable (Int) async throws -> [Int]

  static let reducer = Reducer<State, Event> { state, event in
    if case .next = event, state.loading != nil {
      state.requestID += 1
      return
    }
    PagedLoader.reducer(&state, event)
  }

  var feedbacks: [Feedback<State, Event>] {
    [
      .onChange(of: \.request, name: "load") { [load] request in
        .loaded(page: request.page, items: try await load(request.page))
      }
    ]
  }
}

extension PagedLoader.State {
  /// The restarting loader's query: the page, and which request for it this is.
  struct Request: Hashable, Sendable {
    let page: Int
    let id: Int
  }

  var request: Request? { loading.map { Request(page: $0, id: requestID) } }
}

/// A loader whose reducer is not pure: it reads a counter shared by every call, so the
/// live store and the reducer disagree.
struct ImpureLoader: Machine {
  typealias State = PagedLoader.State
  typealias Event = PagedLoader.Event
  static let calls = Mutex(0)

  static let reducer = Reducer<State, Event> { state, event in
    PagedLoader.reducer(&state, event)
    let call = calls.withLock {
      $0 += 1
      return $0
    }
    state.requestID = call
  }

  var feedbacks: [Feedback<State, Event>] { [] }
}

enum LoaderContracts {
  /// Items for a page: two per page, numbered by page.
  static let pageItems: @Sendable (Int) async throws -> [Int] = { page in
    [page * 10, page * 10 + 1]
  }

  /// The loader's contract, with `scenarios` in place of its own when given.
  static func contract<M: Machine>(
    name: String, scenarios: [Scenario<M>]? = nil,
    make: @escaping @Sendable (@escaping @Sendable (Int) async throws -> [Int]) -> M
  ) -> Contract<M, PagedLoader.Phase, PagedLoader.Kind>
  where M.State == PagedLoader.State, M.Event == PagedLoader.Event {
    Contract(
      name: name,
      initialStates: [PagedLoader.State()],
      phase: PagedLoader.phases,
      table: PagedLoader.table,
      examples: [
        Example(
          "next starts loading page 1", given: PagedLoader.State(), when: .next,
          then: PagedLoader.State(loading: 1))
      ],
      invariants: [
        Invariant("items are two per loaded page") { $0.items.count == $0.pagesLoaded * 2 },
        Invariant("never past the last page") { $0.pagesLoaded <= $0.lastPage },
      ],
      scenarios: scenarios ?? [
        Scenario("three rapid next requests cause one call") { context in
          // The load is held in flight, so all three requests arrive while it is loading.
          let calls = CallLog<Int>()
          let work = ControlledWork<[Int]>()
          let store = context.store(
            initial: PagedLoader.State(),
            machine: make(calls.recording { _ in try await work.makeWork() }))
          store.send(.next)
          store.send(.next)
          store.send(.next)
          await store.settle()
          for generation in work.pendingGenerations {
            work.succeed(generation, with: [10, 11])
          }
          await store.wait { $0.pagesLoaded == 1 }
          context.check(store.state.items == [10, 11], "page 1's items are shown")
          context.budget("load", calls, exactly: 1, with: [1])
        }
      ],
      alphabet: { state in
        // A late answer for a page no longer loading is ignored.
        var events: [PagedLoader.Event] = [.next, .loaded(page: 99, items: [])]
        if let page = state.loading {
          events.append(.loaded(page: page, items: [page * 10, page * 10 + 1]))
        }
        return events
      },
      makeMachine: { make(pageItems) })
  }
}
