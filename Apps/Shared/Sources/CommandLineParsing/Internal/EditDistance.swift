/// Suggestions for near misses: `--pagez` is probably `--pages`.
enum EditDistance {
  /// The Levenshtein distance between two strings, in characters.
  ///
  /// - Parameters:
  ///   - a: One string.
  ///   - b: The other.
  /// - Returns: The fewest insertions, deletions and substitutions turning `a` into `b`.
  static func between(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }

  /// The candidate closest to `word`, if it is close enough to be a likely typo.
  ///
  /// Close enough: at most 2 edits, and fewer than half the candidate's length (so `-x` does
  /// not suggest `-h`). Ties go to the earlier candidate.
  ///
  /// - Parameters:
  ///   - word: What the user typed.
  ///   - candidates: What exists, in preference order.
  /// - Returns: The suggestion, or `nil`.
  static func suggestion(for word: String, among candidates: [String]) -> String? {
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = between(word, candidate)
      guard distance <= 2, distance * 2 < candidate.count else { continue }
      if best.map({ distance < $0.distance }) ?? true {
        best = (candidate, distance)
      }
    }
    return best?.candidate
  }
}
