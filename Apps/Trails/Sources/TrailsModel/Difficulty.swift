/// How demanding a ``Trail`` is, as the catalog grades it.
///
/// Encoded as its raw value: `"easy"`, `"moderate"` or `"hard"`. Ordered from easiest.
public enum Difficulty: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
  /// Short, little climbing, good paths.
  case easy
  /// A half or full day with real climbing.
  case moderate
  /// Long, steep or exposed.
  case hard

  /// Whether `lhs` is easier than `rhs`.
  ///
  /// - Parameters:
  ///   - lhs: A difficulty.
  ///   - rhs: Another difficulty.
  /// - Returns: `true` when `lhs` comes before `rhs` in ``allCases``.
  public static func < (lhs: Difficulty, rhs: Difficulty) -> Bool {
    lhs.rank < rhs.rank
  }

  /// The position in ``allCases``, easiest first.
  private var rank: Int {
    switch self {
    case .easy: 0
    case .moderate: 1
    case .hard: 2
    }
  }
}
