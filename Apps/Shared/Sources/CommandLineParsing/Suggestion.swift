/// "Did you mean" for a name the user typed: an option, a subcommand, an id.
///
/// ```swift
/// let ids = ["gull-point-loop", "tidepool-steps", "cedar-ridge"]
/// let near = Suggestion.closest(to: "gull-pont-loop", among: ids)  // "gull-point-loop"
/// let prefix = Suggestion.closest(to: "tidepool", among: ids)        // "tidepool-steps"
/// ```
public enum Suggestion {
  /// The candidate the user most likely meant by `word`, or `nil` when none is likely.
  ///
  /// A near miss (at most 2 edits, and fewer than half the candidate's length) wins; else
  /// the one candidate that starts with `word`, when only one does.
  ///
  /// - Parameters:
  ///   - word: What the user typed.
  ///   - candidates: What exists, in preference order.
  /// - Returns: The suggestion, or `nil`.
  public static func closest(to word: String, among candidates: [String]) -> String? {
    if let near = EditDistance.suggestion(for: word, among: candidates) { return near }
    guard word.count >= 3 else { return nil }
    let prefixed = candidates.filter { $0.hasPrefix(word) }
    return prefixed.count == 1 ? prefixed[0] : nil
  }
}
