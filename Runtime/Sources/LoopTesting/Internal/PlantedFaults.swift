import Loop

/// Faults the contract runner plants in test stores and test clocks while a mutant runs.
///
/// They measure whether a contract notices them; empty everywhere else.
package struct PlantedFaults: Sendable {
  /// Faults of the store runtime, given to every `TestStore` made.
  package var runtime = RuntimeFaults()
  /// Every `TestClock` sleep lasts `numerator/denominator` of its duration.
  package var sleepScale: (numerator: Int, denominator: Int)?
  /// A `TestClock`'s settling `advance` moves to its target in one step, waking the sleeps due
  /// at different deadlines together, instead of deadline by deadline (an ordering bug of the
  /// instrument, which the first-ready schedule hides: it runs them in deadline order).
  package var advancesInOneStep = false

  package init(
    runtime: RuntimeFaults = RuntimeFaults(), sleepScale: (numerator: Int, denominator: Int)? = nil,
    advancesInOneStep: Bool = false
  ) {
    self.runtime = runtime
    self.sleepScale = sleepScale
    self.advancesInOneStep = advancesInOneStep
  }

  /// The faults in force for stores and clocks made in this task.
  @TaskLocal package static var current = PlantedFaults()
}
