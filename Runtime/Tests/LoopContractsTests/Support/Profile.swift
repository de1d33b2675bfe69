import Loop
import LoopContracts
import LoopSynchronization
import LoopTesting

/// A profile screen, for the tests of schedule exploration.
///
/// `start` loads a name and an avatar at once, each after a second on the test clock; `cancel`
/// (the user's, or a timeout's) drops both. Its ordering bugs are planted one at a time
/// (``Bug``), each hidden in the order the jobs become ready and shown in another.
struct Profile: Machine {
  struct State: Hashable, Sendable {
    var name: String?
    var avatar: String?
    var isLoading = false
    var isCancelled = false
  }

  enum Event: Hashable, Sendable, Codable {
    case start
    case nameLoaded(String)
    case avatarLoaded(String)
    case cancel
  }

  enum Kind: String, CaseIterable, Sendable { case start, nameLoaded, avatarLoaded, cancel }
  enum Phase: CaseIterable, Sendable { case idle, loading, loaded, cancelled }

  /// The ordering bugs, each of another kind.
  enum Bug: Sendable {
    /// The reducer: a name ends the load, as if the avatar (whose feedback comes first)
    /// always answered first.
    case nameEndsTheLoad
    /// The reducer: a cancel clears only a profile still loading, as if no answer could
    /// come between the user's last look and the tap.
    case cancelClearsOnlyWhileLoading
    /// A feedback: the avatar's key stays the same when a cancel comes before its answer, so
    /// the cancel does not stop it, and its answer fills a cancelled profile.
    case avatarOutlivesACancel
    /// The effects: the name reads the account the avatar's effect stores in a cache they
    /// share, as if the avatar (whose sleep is registered first) always woke first; without
    /// it the name's load fails, and the profile loads for ever.
    case nameReadsTheAvatarsCache
  }

  let clock: TestClock
  /// Where the name comes from: a second on the clock, or what a test controls.
  let name: @Sendable () async throws -> String
  let bug: Bug?
  /// Whether a timeout cancels a load.
  let timesOut: Bool
  /// How long the timeout waits.
  let timeout: Duration

  init(
    clock: TestClock, bug: Bug? = nil, timesOut: Bool = false, timeout: Duration = .seconds(1),
    name: (@Sendable () async throws -> String)? = nil
  ) {
    self.clock = clock
    self.bug = bug
    self.timesOut = timesOut
    self.timeout = timeout
    self.name =
      name ?? { [clock] in
        try await clock.sleep(for: .seconds(1))
        return "Ada"
      }
  }

  static let reducer = makeReducer(bug: nil)

  static func makeReducer(bug: Bug?) -> Reducer<State, Event> {
    Reducer { state, event in
      switch event {
      case .start:
        state = State(isLoading: true)
      case .nameLoaded(let name):
        state.name = name
        state.isLoading = bug == .nameEndsTheLoad ? false : state.avatar == nil
      case .avatarLoaded(let avatar):
        state.avatar = avatar
        state.isLoading = state.name == nil
      case .cancel:
        if bug == .cancelClearsOnlyWhileLoading, !state.isLoading {
          state.isCancelled = true
          return
        }
        state = State(isCancelled: true)
      }
    }
  }

  var feedbacks: [Feedback<State, Event>] {
    let outlivesCancel = bug == .avatarOutlivesACancel
    let cache = bug == .nameReadsTheAvatarsCache ? AccountCache() : nil
    var feedbacks: [Feedback<State, Event>] = [
      .onChange(
        of: { state in
          let loading = state.isLoading || (outlivesCancel && state.isCancelled)
          return loading && state.avatar == nil ? 1 : nil
        }, name: "avatar",
        effect: { [clock] _ in
          try await clock.sleep(for: .seconds(1))
          cache?.account.withLock { $0 = "ada" }
          return .avatarLoaded("🙂")
        }),
      .onChange(
        of: { $0.isLoading && $0.name == nil ? 1 : nil }, name: "name",
        effect: { [name] _ in
          let loaded = try await name()
          if let cache, cache.account.withLock({ $0 }) == nil { throw AccountCache.Missing() }
          return .nameLoaded(loaded)
        }),
    ]
    if timesOut {
      // Listed last, so its sleep is registered last, and it wakes last at the same instant:
      // by then the load is over, and the runtime drops its stale `cancel`.
      feedbacks.append(
        .onChange(
          of: { $0.isLoading ? 1 : nil }, name: "timeout",
          effect: { [clock, timeout] _ in
            try await clock.sleep(for: timeout)
            return .cancel
          }))
    }
    return feedbacks
  }
}

/// The account the profile's effects share, with ``Profile/Bug/nameReadsTheAvatarsCache``.
final class AccountCache: Sendable {
  let account = Mutex<String?>(nil)

  /// The name's load found no account.
  struct Missing: Error {}
}

/// Which bug a ``PlantedProfile`` has.
protocol ProfileBug: Sendable {
  static var bug: Profile.Bug { get }
}

/// A name ends the load (``Profile/Bug/nameEndsTheLoad``).
enum NameEndsTheLoad: ProfileBug {
  static let bug = Profile.Bug.nameEndsTheLoad
}

/// A cancel clears only while loading (``Profile/Bug/cancelClearsOnlyWhileLoading``).
enum CancelClearsOnlyWhileLoading: ProfileBug {
  static let bug = Profile.Bug.cancelClearsOnlyWhileLoading
}

/// The profile machine with `Bug` planted in its reducer.
struct PlantedProfile<Bug: ProfileBug>: Machine {
  typealias State = Profile.State
  typealias Event = Profile.Event
  static var reducer: Reducer<State, Event> { Profile.makeReducer(bug: Bug.bug) }
  let profile: Profile
  var feedbacks: [Feedback<State, Event>] { profile.feedbacks }
}

enum ProfileContracts {
  typealias Row = Move<Profile.Phase, Profile.Kind>

  /// What exploration reaches with the alphabet, `start` and `cancel`: the answers come
  /// only from effects.
  static let explored: [Row] =
    [.idle, .loading, .cancelled].map { Row($0, on: .start, to: .loading) }
    + [.idle, .loading, .cancelled].map { Row($0, on: .cancel, to: .cancelled) }
  /// The avatar answers first, then the name: the order its effects become ready in.
  static let avatarThenName: [Row] = [
    Row(.loading, on: .avatarLoaded, to: .loading), Row(.loading, on: .nameLoaded, to: .loaded),
  ]
  /// Every move the correct profile makes in some order.
  static let everyOrder: [Row] =
    explored + avatarThenName + [
      Row(.loading, on: .nameLoaded, to: .loading), Row(.loading, on: .avatarLoaded, to: .loaded),
      Row(.loaded, on: .cancel, to: .cancelled),
    ]

  /// Rows for the moves of ``everyOrder`` that the first-ready order never makes.
  static let otherOrders: [Example<Profile.State, Profile.Event>] = [
    Example(
      "a name before the avatar keeps loading", given: Profile.State(isLoading: true),
      when: .nameLoaded("Ada"), then: Profile.State(name: "Ada", isLoading: true)),
    Example(
      "an avatar after the name ends the load", given: Profile.State(name: "Ada", isLoading: true),
      when: .avatarLoaded("🙂"), then: Profile.State(name: "Ada", avatar: "🙂")),
    Example(
      "a cancel drops a loaded profile", given: Profile.State(name: "Ada", avatar: "🙂"),
      when: .cancel, then: Profile.State(isCancelled: true)),
  ]

  /// The contract of the profile: what it promises of every state.
  static func contract<M: Machine>(
    _ machine: @escaping @Sendable () -> M, table: [Row] = everyOrder,
    examples: [Example<Profile.State, Profile.Event>] = [], scenarios: [Scenario<M>]
  ) -> Contract<M, Profile.Phase, Profile.Kind>
  where M.State == Profile.State, M.Event == Profile.Event {
    Contract(
      name: "profile",
      initialStates: [Profile.State()],
      phase: { state in
        if state.isCancelled { return .cancelled }
        if state.isLoading { return .loading }
        return state.name == nil ? .idle : .loaded
      },
      table: table,
      examples: examples,
      invariants: [
        Invariant("a loaded profile shows its name and its avatar") { state in
          state.isLoading || state.isCancelled || (state.name == nil) == (state.avatar == nil)
        },
        Invariant("a cancelled profile shows nothing") { state in
          !state.isCancelled || (state.name == nil && state.avatar == nil)
        },
      ],
      scenarios: scenarios,
      alphabet: { _ in [.start, .cancel] },
      makeMachine: machine
    )
    // The answers come only from the effects, so that only a schedule search, not
    // exploration, finds what the order of the answers hides.
    .notOffered(.nameLoaded, because: "answers are left to the effects")
    .notOffered(.avatarLoaded, because: "answers are left to the effects")
    .unreachable(.loaded, because: "only answers lead there, and they are left to the effects")
  }
}
