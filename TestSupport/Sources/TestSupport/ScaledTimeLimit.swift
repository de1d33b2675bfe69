import Testing

extension Trait where Self == TimeLimitTrait {
  /// Swift Testing's time limit of `minutes` minutes, times ``WaitBound/scale``.
  ///
  /// A suite's limit guards against a hang, as the bounds of its waits do, and grows with
  /// them: under ThreadSanitizer, with every core busy with other tests, a command that runs
  /// in a second alone can take a minute, past a limit that stayed at one while the bound of
  /// the command inside it (``CommandRun``) grew to five.
  ///
  /// ```swift
  /// @Suite(.scaledTimeLimit(minutes: 1)) struct ReplayCommandTests { ... }
  /// ```
  ///
  /// - Parameter minutes: The limit in an ordinary build.
  /// - Returns: The trait.
  public static func scaledTimeLimit(minutes: Int) -> Self {
    .timeLimit(.minutes(minutes * WaitBound.scale))
  }
}
