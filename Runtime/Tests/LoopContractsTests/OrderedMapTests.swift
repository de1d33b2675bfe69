import LoopContracts
import TestSupport
import Testing

/// `orderedMap`, how mutants and contracts run side by side: `width` transforms at a time,
/// the results in the elements' order.
@Suite(.watchdog)
struct OrderedMapTests {
  /// Up to `width` transforms run at once: each of two can wait for the other to start.
  @Test func widthTransformsRunAtOnce() async {
    let started = AwaitableList<Int>()
    let results = await orderedMap([0, 1], width: 2) { element in
      started.append(element)
      do {
        try await started.wait("both transforms to have started") { $0.count == 2 }
        return "\(element) met the other"
      } catch {
        return "\(element) ran alone: \(error)"
      }
    }
    #expect(results == ["0 met the other", "1 met the other"])
  }
}
