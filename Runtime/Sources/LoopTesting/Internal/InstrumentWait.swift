import Loop
import LoopSynchronization

/// What a test instrument is holding an effect on, for diagnostics and for the fix to name.
package enum InstrumentWaitKind: Hashable, Sendable {
  /// Sleeping on a ``TestClock`` until a deadline.
  case clock
  /// Awaiting a ``ControlledWork`` generation.
  case work
  /// Awaiting the next element of a ``ControlledStream`` generation.
  case stream
}

/// Receives the waits of the effects of one ``TestStore``: the store's monitor.
package protocol InstrumentWaitObserver: AnyObject, Sendable {
  /// An effect began waiting on an instrument.
  func waitBegan(_ id: Int, effect: EffectRun, kind: InstrumentWaitKind, description: String)
  /// The wait `id` is over: resumed, failed or cancelled.
  func waitEnded(_ id: Int, effect: EffectRun)
}

/// The link from an effect's task to the TestStore watching it.
///
/// The TestStore binds it around every effect body it runs (effect tasks inherit it, and so
/// do their child tasks); an instrument reads it when an effect starts waiting on it.
package struct EffectScope: Sendable {
  /// The effect whose task this is.
  package let effect: EffectRun
  /// Who counts its waits.
  package let observer: any InstrumentWaitObserver

  package init(effect: EffectRun, observer: any InstrumentWaitObserver) {
    self.effect = effect
    self.observer = observer
  }

  /// The scope of the effect running on the current task, if a TestStore started it.
  @TaskLocal package static var current: EffectScope?
}

/// One wait of one effect on one instrument, as the watching TestStore counts it.
///
/// An instrument calls ``begin(_:_:)`` in the waiting task, while it registers the waiter
/// under its own lock, and ``end()`` just *before* it resumes the waiter (or when the wait is
/// cancelled). Ending before resuming keeps the store's count exact: the store never looks
/// quiet while a resumed effect is about to run. Outside a TestStore both calls do nothing,
/// so instruments work the same in any test.
package struct InstrumentWait: Sendable {
  private static let nextID = Atomic<Int>(0)

  private let scope: EffectScope?
  private let id: Int

  /// Records that the current task is about to suspend on an instrument.
  ///
  /// - Parameters:
  ///   - kind: What the effect waits on.
  ///   - description: The wait in words, as a failure message shows it: "sleeping on the
  ///     TestClock until +300 ms".
  /// - Returns: The wait, to end exactly once.
  package static func begin(
    _ kind: InstrumentWaitKind, _ description: @autoclosure () -> String
  ) -> InstrumentWait {
    guard let scope = EffectScope.current else { return InstrumentWait(scope: nil, id: 0) }
    let id = nextID.wrappingAdd(1, ordering: .relaxed).newValue
    scope.observer.waitBegan(id, effect: scope.effect, kind: kind, description: description())
    return InstrumentWait(scope: scope, id: id)
  }

  /// Records that the wait is over.
  ///
  /// Call it before resuming the waiter.
  package func end() {
    if let scope {
      scope.observer.waitEnded(id, effect: scope.effect)
    }
  }
}
