import Loop

/// Faults the contract runner plants in test stores and test clocks while a mutant runs.
///
/// They measure whether a contract notices them; empty everywhere else.
package struct PlantedFaults: Sendable {
  /// Faults of the store runtime, given to every `TestStore` made.
  package var runtime = RuntimeFaults()
  /// Every `TestClock` sleep lasts `numerator/denominator` of its duration.
  package var sleepScale: (numerator: Int, denominator: Int)?

  package init(
    runtime: RuntimeFaults = RuntimeFaults(), sleepScale: (numerator: Int, denominator: Int)? = nil
  ) {
    self.runtime = runtime
    self.sleepScale = sleepScale
  }

  /// The faults in force for stores and clocks made in this task.
  @TaskLocal package static var current = PlantedFaults()
}
