/// The failure messages of the generation-numbered instruments, ``ControlledWork`` and
/// ``ControlledStream``, when a test drives a generation it may not.
///
/// Each message has the three parts every failure of this library has: what was expected,
/// what happened, and what to do about it.
enum GenerationMisuse {
  /// A test named a generation the instrument has not started.
  ///
  /// - Parameters:
  ///   - instrument: The instrument's type in words: "ControlledWork<Int>".
  ///   - call: The test's call: "succeed(3, with:)".
  ///   - generation: The generation it named.
  ///   - startedCount: How many generations have started.
  ///   - starter: The call that starts a generation: "makeWork()".
  ///   - action: What the call does to a generation, as a gerund: "completing".
  /// - Returns: The message.
  static func notStarted(
    _ instrument: String, call: String, generation: Int, startedCount: Int, starter: String,
    action: String
  ) -> String {
    """
    \(instrument): \(call) names generation \(generation), which has not started.
    Expected: a generation that \(starter) has started; \(started(startedCount)).
    Happened: generation \(generation) has not started yet, so the call was ignored.
    Fix: await `starts` (or settle the TestStore) before \(action) generation \(generation).
    """
  }

  /// A test completed or ended a generation a second time.
  ///
  /// - Parameters:
  ///   - instrument: The instrument's type in words: "ControlledStream<Int>".
  ///   - call: The test's second call: "finish(1)".
  ///   - generation: The generation it named.
  ///   - first: The first call, in words.
  ///   - site: Where the test made the first call.
  ///   - fix: What to do instead, as a sentence.
  /// - Returns: The message.
  static func alreadyOver(
    _ instrument: String, call: String, generation: Int, first: String, site: CallSite,
    fix: String
  ) -> String {
    """
    \(instrument): \(call) comes after generation \(generation) was already over.
    Expected: each generation completed or ended once, and nothing sent to it afterwards.
    Happened: generation \(generation) was already over by \(first) at \(describe(site)), \
    so the call was ignored.
    Fix: \(fix)
    """
  }

  private static func started(_ count: Int) -> String {
    switch count {
    case 0: "none has started yet"
    case 1: "only generation 0 has started"
    default: "generations 0...\(count - 1) have started"
    }
  }

  private static func describe(_ site: CallSite) -> String {
    site.description
  }
}
