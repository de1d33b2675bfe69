import Testing

@testable import LoopTesting

/// The test clock's bookkeeping, driven directly and synchronously: no tasks, sleepers and
/// waiters are strings.
struct TestClockStateMachineTests {
  typealias Machine = TestClockStateMachine<String, String>

  private func at(_ milliseconds: Int) -> TestClock.Instant {
    TestClock.Instant(offset: .milliseconds(milliseconds))
  }

  /// Reserves and registers a sleeper in one go, as an uncontended sleep does.
  private func register(
    _ sleeper: String, until milliseconds: Int, in machine: inout Machine
  ) throws -> Machine.SleeperID {
    let id = try #require(machine.sleep(until: at(milliseconds)).reserved)
    #expect(machine.suspend(id, sleeper: { sleeper }) == .suspended(resuming: []))
    return id
  }

  @Test func aSleepReturnsAtOnceWhenTheDeadlineIsNotInTheFuture() {
    var machine = Machine(now: at(100))
    #expect(machine.sleep(until: at(100)) == .returnAtOnce)
    #expect(machine.sleep(until: at(50)) == .returnAtOnce)
    #expect(machine.activeSleeperCount == 0)
  }

  @Test func sleepersAreSortedByDeadlineWhenTheyBeginOutOfOrder() throws {
    var machine = Machine(now: .zero)
    _ = try register("c", until: 300, in: &machine)
    _ = try register("a", until: 100, in: &machine)
    _ = try register("b", until: 200, in: &machine)
    #expect(machine.sleepers == [at(100), at(200), at(300)])
    #expect(machine.nextDeadline == at(100))
    #expect(machine.activeSleeperCount == 3)
  }

  @Test func aSleeperStaysAsleepWhenAdvancedToJustBeforeItsDeadline() throws {
    var machine = Machine(now: .zero)
    _ = try register("a", until: 300, in: &machine)
    #expect(machine.advance(by: .milliseconds(299)) == .wake(Machine.Wake()))
    #expect(machine.sleepers == [at(300)])
    #expect(machine.advance(by: .milliseconds(1)) == .wake(Machine.Wake(sleepers: ["a"])))
    #expect(machine.now == at(300))
    #expect(machine.sleepers.isEmpty)
  }

  @Test func dueSleepersWakeInDeadlineOrderWhenOneAdvancePassesSeveral() throws {
    var machine = Machine(now: .zero)
    _ = try register("c", until: 300, in: &machine)
    _ = try register("a", until: 100, in: &machine)
    _ = try register("b", until: 200, in: &machine)
    #expect(machine.advance(to: at(250)) == .wake(Machine.Wake(sleepers: ["a", "b"])))
    #expect(machine.now == at(250))
    #expect(machine.sleepers == [at(300)])
  }

  @Test func tiesWakeInTheOrderTheSleepsBeganWhenRegisteredTheOtherWay() throws {
    var machine = Machine(now: .zero)
    let first = try #require(machine.sleep(until: at(100)).reserved)
    let second = try #require(machine.sleep(until: at(100)).reserved)
    #expect(machine.suspend(second, sleeper: { "second" }) == .suspended(resuming: []))
    #expect(machine.suspend(first, sleeper: { "first" }) == .suspended(resuming: []))
    #expect(machine.advance(to: at(100)) == .wake(Machine.Wake(sleepers: ["first", "second"])))
  }

  @Test func advancingIsRejectedWhenTheTargetIsBeforeNow() throws {
    var machine = Machine(now: at(500))
    _ = try register("a", until: 600, in: &machine)
    #expect(machine.advance(to: at(300)) == .rejectBackwards(now: at(500), target: at(300)))
    #expect(
      machine.advance(by: .milliseconds(-1)) == .rejectBackwards(now: at(500), target: at(499)))
    #expect(machine.now == at(500))
    #expect(machine.sleepers == [at(600)])
  }

  @Test func runWakesEverySleeperAndMovesToTheLatestDeadlineWhenSleepersWait() throws {
    var machine = Machine(now: .zero)
    _ = try register("b", until: 2_000, in: &machine)
    _ = try register("a", until: 100, in: &machine)
    #expect(machine.run() == Machine.Wake(sleepers: ["a", "b"]))
    #expect(machine.now == at(2_000))
    #expect(machine.activeSleeperCount == 0)
  }

  @Test func runLeavesNowAloneWhenNothingSleeps() {
    var machine = Machine(now: at(40))
    #expect(machine.run() == Machine.Wake())
    #expect(machine.now == at(40))
  }

  @Test func aRegisteredSleeperIsRemovedWhenCancelled() throws {
    var machine = Machine(now: .zero)
    let id = try register("a", until: 300, in: &machine)
    _ = try register("b", until: 400, in: &machine)
    #expect(machine.cancelSleep(id) == .resumeThrowing("a", resuming: []))
    #expect(machine.sleepers == [at(400)])
    #expect(machine.activeSleeperCount == 1)
    #expect(machine.maximumActiveSleeperCount == 2)
  }

  @Test func suspendThrowsWhenTheCancellationCameBeforeTheContinuation() throws {
    var machine = Machine(now: .zero)
    let id = try #require(machine.sleep(until: at(300)).reserved)
    #expect(machine.cancelSleep(id) == .none)
    var madeSleeper = false
    let action = machine.suspend(id) {
      madeSleeper = true
      return "a"
    }
    #expect(action == .throwCancellation)
    #expect(!madeSleeper)
    #expect(machine.activeSleeperCount == 0)
  }

  @Test func suspendResumesAtOnceWhenTheClockPassedTheDeadlineAfterTheReservation() throws {
    var machine = Machine(now: .zero)
    let id = try #require(machine.sleep(until: at(300)).reserved)
    #expect(machine.advance(to: at(300)) == .wake(Machine.Wake()))
    var madeSleeper = false
    let action = machine.suspend(id) {
      madeSleeper = true
      return "a"
    }
    #expect(action == .resumeAtOnce)
    #expect(!madeSleeper)
    #expect(machine.activeSleeperCount == 0)
  }

  @Test func aLateCancellationIsIgnoredWhenTheSleeperWasAlreadyWoken() throws {
    var machine = Machine(now: .zero)
    let id = try register("a", until: 300, in: &machine)
    #expect(machine.advance(to: at(300)) == .wake(Machine.Wake(sleepers: ["a"])))
    #expect(machine.cancelSleep(id) == .none)
    #expect(machine.activeSleeperCount == 0)
  }

  @Test func theHighWaterMarkStaysWhenSleepersLeave() throws {
    var machine = Machine(now: .zero)
    let renewed = try register("timer 1", until: 100, in: &machine)
    _ = machine.cancelSleep(renewed)
    _ = try register("timer 2", until: 200, in: &machine)
    #expect(machine.maximumActiveSleeperCount == 1)
    _ = try register("timer 3", until: 300, in: &machine)
    _ = try register("timer 4", until: 400, in: &machine)
    _ = machine.run()
    #expect(machine.activeSleeperCount == 0)
    #expect(machine.maximumActiveSleeperCount == 3)
  }

  @Test func aWaiterIsHandedBackWhenTheSleeperCountBecomesItsCount() throws {
    var machine = Machine(now: .zero)
    let waiter = try #require(machine.waitForSleepers(count: 2).reserved)
    #expect(machine.suspendWaiter(waiter, waiter: "w") == .suspended)
    let first = try #require(machine.sleep(until: at(100)).reserved)
    let second = try #require(machine.sleep(until: at(200)).reserved)
    #expect(machine.suspend(first, sleeper: { "a" }) == .suspended(resuming: []))
    #expect(machine.suspend(second, sleeper: { "b" }) == .suspended(resuming: ["w"]))
  }

  @Test func aWaiterIsHandedBackWhenSleepersAreWokenDownToItsCount() throws {
    var machine = Machine(now: .zero)
    _ = try register("a", until: 100, in: &machine)
    _ = try register("b", until: 200, in: &machine)
    let waiter = try #require(machine.waitForSleepers(count: 0).reserved)
    #expect(machine.suspendWaiter(waiter, waiter: "w") == .suspended)
    #expect(
      machine.advance(to: at(200)) == .wake(Machine.Wake(sleepers: ["a", "b"], waiters: ["w"])))
  }

  @Test func waitingForSleepersReturnsAtOnceWhenTheCountIsAlreadyReached() throws {
    var machine = Machine(now: .zero)
    #expect(machine.waitForSleepers(count: 0) == .returnAtOnce)
    _ = try register("a", until: 100, in: &machine)
    #expect(machine.waitForSleepers(count: 1) == .returnAtOnce)
  }

  @Test func suspendWaiterResumesAtOnceWhenTheCountChangedAfterTheReservation() throws {
    var machine = Machine(now: .zero)
    let waiter = try #require(machine.waitForSleepers(count: 1).reserved)
    _ = try register("a", until: 100, in: &machine)
    #expect(machine.suspendWaiter(waiter, waiter: "w") == .resumeAtOnce)
  }

  @Test func aWaiterIsRemovedWhenCancelledBeforeOrAfterItsContinuation() throws {
    var machine = Machine(now: .zero)
    let early = try #require(machine.waitForSleepers(count: 1).reserved)
    let late = try #require(machine.waitForSleepers(count: 1).reserved)
    #expect(machine.cancelWaiter(early) == .none)
    #expect(machine.suspendWaiter(early, waiter: "early") == .throwCancellation)
    #expect(machine.suspendWaiter(late, waiter: "late") == .suspended)
    #expect(machine.cancelWaiter(late) == .resumeThrowing("late"))
    #expect(machine.cancelWaiter(late) == .none)
  }
}

extension TestClockStateMachine.SleepAction {
  /// The reserved sleeper, when the sleep must suspend.
  fileprivate var reserved: TestClockStateMachine<Sleeper, Waiter>.SleeperID? {
    guard case .suspend(let id) = self else { return nil }
    return id
  }
}

extension TestClockStateMachine.WaitForSleepersAction {
  /// The reserved waiter, when the wait must suspend.
  fileprivate var reserved: TestClockStateMachine<Sleeper, Waiter>.WaiterID? {
    guard case .suspend(let id) = self else { return nil }
    return id
  }
}
