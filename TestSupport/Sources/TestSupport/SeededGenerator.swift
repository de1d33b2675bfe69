/// A SplitMix64 generator: the same seed gives the same numbers on every run and platform.
///
/// Malformed-input tests draw from it instead of the system generator, so a failing case is
/// named by its index and comes back on the next run.
public struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  /// A generator starting from `seed`.
  ///
  /// - Parameter seed: The seed.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next number.
  ///
  /// - Returns: 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
