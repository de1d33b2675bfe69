/// One feedback's effect slots, by key.
///
/// The key 0, which every built-in feedback form but `forEach` uses, has a field of its own,
/// so starting and ending those effects hashes nothing; other keys live in a dictionary.
struct EffectSlots<Slot> {
  private var zero: Slot?
  private var others: [EffectKey: Slot] = [:]

  /// The slot under `key`, if any.
  subscript(key: EffectKey) -> Slot? {
    get { key.isZero ? zero : others[key] }
    set {
      if key.isZero {
        zero = newValue
      } else {
        others[key] = newValue
      }
    }
  }

  /// Removes and returns the slot under `key`.
  mutating func removeValue(forKey key: EffectKey) -> Slot? {
    guard key.isZero else { return others.removeValue(forKey: key) }
    defer { zero = nil }
    return zero
  }

  /// Every slot, in no particular order.
  var values: [Slot] {
    (zero.map { [$0] } ?? []) + others.values
  }

  /// Empties every slot.
  mutating func removeAll() {
    zero = nil
    others = [:]
  }
}
