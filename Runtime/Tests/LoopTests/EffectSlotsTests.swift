import Testing

@testable import Loop

/// `EffectSlots`: one feedback's slots by key, the key 0 in a field of its own.
struct EffectSlotsTests {
  @Test func removeAllEmptiesEverySlotTheKeyZeroOneIncluded() {
    var slots = EffectSlots<String>()
    slots[EffectKey(0)] = "zero"
    slots[EffectKey(7)] = "seven"
    slots[EffectKey("other")] = "other"

    slots.removeAll()

    #expect(slots.values.isEmpty)
    #expect(slots[EffectKey(0)] == nil)
    #expect(slots[EffectKey(7)] == nil)
  }
}
