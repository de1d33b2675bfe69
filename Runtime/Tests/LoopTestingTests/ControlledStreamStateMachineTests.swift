import Testing

@testable import LoopTesting

/// The bookkeeping alone, synchronously: buffering, ends and late inputs.
struct ControlledStreamStateMachineTests {
  private typealias Machine = ControlledStreamStateMachine<Int, String>

  private struct StreamFailure: Error {}

  private static let call = Machine.Call(
    call: "finish(0)", site: CallSite(fileID: #fileID, filePath: #filePath, line: 1, column: 1))

  @Test func nextSuspendsThenTheYieldResumesWhenTheBufferIsEmpty() throws {
    var machine = Machine()
    let generation = machine.start()

    guard case .suspend = machine.next(generation) else {
      Issue.record("an empty, open generation should suspend its consumer")
      return
    }
    machine.park(generation, "consumer")
    guard case .resume(let waiter, let result) = machine.yield(generation, 5, by: Self.call)
    else {
      Issue.record("a yield should resume the waiting consumer")
      return
    }
    #expect(waiter == "consumer")
    #expect(try result.get() == 5)
  }

  @Test func theEndResumesTheWaitingConsumerWhenItFails() {
    var machine = Machine()
    let generation = machine.start()
    _ = machine.next(generation)
    machine.park(generation, "consumer")

    guard
      case .resume(_, .failure(let error)) = machine.end(
        generation, with: .failed(StreamFailure()), by: Self.call)
    else {
      Issue.record("failing should resume the waiting consumer with the error")
      return
    }
    #expect(error is StreamFailure)
    guard case .deliver(.success(nil)) = machine.next(generation) else {
      Issue.record("after the failure, next returns nil")
      return
    }
  }

  @Test func cancelDropsTheBufferWhenTheConsumerIsCancelled() {
    var machine = Machine()
    let generation = machine.start()
    _ = machine.yield(generation, 1, by: Self.call)

    guard case .none = machine.cancel(generation) else {
      Issue.record("no consumer was suspended")
      return
    }
    guard case .deliver(.success(nil)) = machine.next(generation) else {
      Issue.record("a cancelled generation delivers nil, not its buffer")
      return
    }
    #expect(machine.cancelledGenerations == [0])
  }

  @Test func cancelChangesNothingWhenTheConsumerAlreadyEnded() {
    var machine = Machine()
    let generation = machine.start()
    _ = machine.end(generation, with: .finished, by: Self.call)
    _ = machine.next(generation)

    guard case .none = machine.cancel(generation) else {
      Issue.record("a late cancellation resumes nothing")
      return
    }
    #expect(machine.cancelledGenerations.isEmpty)
    guard case .alreadyEnded = machine.end(generation, with: .finished, by: Self.call) else {
      Issue.record("ending an ended generation is a test bug")
      return
    }
  }
}
