/// A random number generator that gives the same sequence for the same seed: SplitMix64.
///
/// Fault injection draws from one of these, never from the system generator, so a run with
/// `--seed 42` fails the same requests every time. SplitMix64 (Steele, Lea and Flood, 2014)
/// is small, fast and passes BigCrush; it is not for secrets.
///
/// ```swift
/// var generator = SeededGenerator(seed: 0)
/// generator.next()  // 0xE220_A839_7B1D_CDAF, on every run and every platform
/// ```
public struct SeededGenerator: RandomNumberGenerator, Hashable, Sendable {
  private var state: UInt64

  /// Creates a generator whose sequence is fixed by `seed`.
  ///
  /// - Parameter seed: Any value; equal seeds give equal sequences.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  ///
  /// - Returns: A value uniformly distributed over all of `UInt64`.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
