import FixtureHTTP
import Testing

struct SeededGeneratorTests {
  @Test func seedZeroGivesSplitMix64sReferenceOutput() {
    var generator = SeededGenerator(seed: 0)
    #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
  }

  @Test func equalSeedsGiveEqualSequences() {
    var first = SeededGenerator(seed: 42)
    var second = SeededGenerator(seed: 42)
    let a = (0..<100).map { _ in first.next() }
    let b = (0..<100).map { _ in second.next() }
    #expect(a == b)
  }

  @Test func differentSeedsGiveDifferentSequences() {
    var first = SeededGenerator(seed: 1)
    var second = SeededGenerator(seed: 2)
    #expect((0..<8).map { _ in first.next() } != (0..<8).map { _ in second.next() })
  }
}
