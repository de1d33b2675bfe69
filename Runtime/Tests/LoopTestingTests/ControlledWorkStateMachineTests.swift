import Testing

@testable import LoopTesting

/// The bookkeeping alone, synchronously: the races a task-level test cannot pin down.
struct ControlledWorkStateMachineTests {
  private typealias Machine = ControlledWorkStateMachine<Int, String>

  private struct WorkFailure: Error {}

  private static let site = CallSite(fileID: #fileID, filePath: #filePath, line: 1, column: 1)
  private static let completion = Machine.Completion(call: "succeed(0, with:)", site: site)

  @Test func aCompletionIsHandedOverAtRegistrationWhenItCameFirst() throws {
    var machine = Machine()
    let generation = machine.start()

    guard case .stored = machine.complete(generation, with: .success(7), by: Self.completion)
    else {
      Issue.record("a completion before registration should be stored")
      return
    }
    #expect(machine.pendingGenerations.isEmpty)

    guard case .resume(let waiter, let result) = machine.register(generation, "waiter") else {
      Issue.record("registration should resume at once")
      return
    }
    #expect(waiter == "waiter")
    #expect(try result.get() == 7)
  }

  @Test func theWaiterLeavesAtRegistrationWhenCancelledBeforeIt() {
    var machine = Machine()
    let generation = machine.start()

    guard case .none = machine.cancel(generation) else {
      Issue.record("nothing to resume before registration")
      return
    }
    guard case .resume(_, .failure(let error)) = machine.register(generation, "waiter") else {
      Issue.record("registration should resume with CancellationError")
      return
    }
    #expect(error is CancellationError)
    #expect(machine.cancelledGenerations == [0])
  }

  @Test func aStoredResultIsKeptWhenTheTaskIsCancelledBeforeRegistering() throws {
    var machine = Machine()
    let generation = machine.start()
    _ = machine.complete(generation, with: .success(3), by: Self.completion)

    guard case .none = machine.cancel(generation) else {
      Issue.record("a late cancellation resumes nothing")
      return
    }
    guard case .resume(_, let result) = machine.register(generation, "waiter") else {
      Issue.record("registration should resume with the stored result")
      return
    }
    #expect(try result.get() == 3)
    #expect(machine.cancelledGenerations.isEmpty)
  }

  @Test func cancelResumesTheWaiterWhenOneIsSuspended() {
    var machine = Machine()
    let generation = machine.start()
    _ = machine.register(generation, "waiter")

    guard case .resume(let waiter) = machine.cancel(generation) else {
      Issue.record("cancel should resume the suspended waiter")
      return
    }
    #expect(waiter == "waiter")
    guard case .none = machine.cancel(generation) else {
      Issue.record("a second cancellation resumes nothing")
      return
    }
    #expect(machine.cancelledGenerations == [0])
  }

  @Test func completeNamesTheFirstCompletionWhenCalledTwice() {
    var machine = Machine()
    let generation = machine.start()
    _ = machine.register(generation, "waiter")
    _ = machine.complete(generation, with: .failure(WorkFailure()), by: Self.completion)

    guard
      case .alreadyCompleted(let first) = machine.complete(
        generation, with: .success(1), by: Self.completion)
    else {
      Issue.record("a second completion is a test bug")
      return
    }
    #expect(first.call == "succeed(0, with:)")
  }
}
