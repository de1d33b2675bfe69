import Loop
import LoopTesting

/// A destination test that is part of a contract: a TestStore driven with doubles built from
/// the shared fixtures, and the call budgets the doubles must keep.
///
/// ```swift
/// let scenario = Scenario<Movies>("three rapid next-page requests cause one call") { context in
///   let popular = CallLog<Int>()
///   var catalog = MovieCatalog.fixtures
///   catalog.popular = popular.recording { page in try await MovieCatalog.fixtures.popular(page) }
///   let store = context.store(initial: Movies.State(), machine: Movies(catalog: catalog))
///   store.send(.nextPage)
///   store.send(.nextPage)
///   store.send(.nextPage)
///   await store.wait { $0.movies.count == 20 }
///   context.budget("popular", popular, exactly: 1, with: [1])
/// }
/// ```
///
/// Every state the scenario's stores pass through is checked against the contract's
/// invariants, and every move against its table. A scenario that throws fails with the error.
public struct Scenario<M: Machine>: Sendable where M.State: Hashable {
  /// What the scenario shows, in a few words.
  public let name: String
  /// The scenario's steps.
  public let run: @Sendable (ScenarioContext<M>) async throws -> Void

  /// Creates a scenario.
  ///
  /// - Parameters:
  ///   - name: What the scenario shows.
  ///   - run: The steps: make stores through the context, drive them, and declare budgets.
  public init(
    _ name: String, run: @escaping @Sendable (ScenarioContext<M>) async throws -> Void
  ) {
    self.name = name
    self.run = run
  }
}
