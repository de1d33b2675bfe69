import Loop
import Testing

@testable import LoopTesting

struct InstrumentWaitTests {
  @Test func aWaitOutsideAnyTestStoreCountsNothing() {
    #expect(EffectScope.current == nil)
    let wait = InstrumentWait.begin(.clock, "sleeping")
    wait.end()
  }
}
