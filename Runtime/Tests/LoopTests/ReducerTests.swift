import Loop
import Testing

struct ReducerTests {
  @Test func callAsFunctionAppliesTheTransitionInPlace() {
    var state = Lab()
    labReducer(&state, .increment)
    labReducer(&state, .query("swift"))
    #expect(state.count == 1)
    #expect(state.query == "swift")
  }

  @Test func combineRunsReducersInTheOrderGiven() {
    let first = Reducer<[String], String> { state, event in state.append("first \(event)") }
    let second = Reducer<[String], String> { state, event in state.append("second \(event)") }
    var state: [String] = []
    Reducer.combine(first, second)(&state, "e")
    #expect(state == ["first e", "second e"])
  }

  @Test func scopeRunsTheChildOnlyOnItsStateAndEvents() {
    struct Parent: Equatable {
      var child = Lab()
      var other = 0
    }
    enum ParentEvent {
      case child(LabEvent)
      case other
    }
    let parent = Reducer<Parent, ParentEvent>.combine(
      .scope(
        state: \.child,
        event: { event in
          if case .child(let child) = event { return child }
          return nil
        },
        labReducer
      ),
      Reducer { state, event in
        if case .other = event { state.other += 1 }
      }
    )
    var state = Parent()
    parent(&state, .child(.increment))
    parent(&state, .other)
    #expect(state.child.count == 1)
    #expect(state.other == 1)
  }
}
