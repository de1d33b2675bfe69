/// How much a ``TestStore`` insists on, chosen when the store is made.
///
/// - ``on``: the exhaustive mode. Every change a sent event makes is declared in its `assert`
///   closure, every event an effect sends is claimed with `receive`,
///   and ``TestStore/finish(timeout:fileID:filePath:line:column:)`` (or the end of the test)
///   fails on an unclaimed event or an effect still running.
/// - ``off``: the destination mode, and the explicit non-exhaustive entry point. Send events,
///   settle, and wait for the states a user would see; an `assert` closure checks only the
///   fields it sets, `receive` skips events it is not looking for, and nothing is owed at the
///   end.
public enum Exhaustivity: Sendable, Hashable {
  /// Every change, every effect event and every running effect must be accounted for.
  case on
  /// Only what the test asserts is checked.
  case off
}
