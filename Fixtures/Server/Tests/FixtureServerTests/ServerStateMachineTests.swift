import Testing

@testable import FixtureHTTP

struct ServerStateMachineTests {
  @Test func acceptsUntilCapacityThenWakesTheAcceptorWhenOneCloses() {
    var machine = ServerStateMachine(maximumConnections: 2)
    #expect(machine.connectionAccepted() == .serve)
    #expect(!machine.isAtCapacity)
    #expect(machine.connectionAccepted() == .serve)
    #expect(machine.isAtCapacity)
    #expect(machine.connectionClosed() == .wakeAcceptor)
    #expect(machine.connectionClosed() == .none)
    #expect(machine.activeConnections == 0)
  }

  @Test func stopWithNoConnectionsFinishesWhenTheAcceptorExits() {
    var machine = ServerStateMachine(maximumConnections: 4)
    #expect(machine.stopRequested() == .signalStop)
    #expect(machine.stopRequested() == .none)
    #expect(machine.acceptorExited(failure: nil) == .finish)
    #expect(machine.phase == .stopped)
    #expect(machine.failure == nil)
  }

  @Test func stopFinishesWhenTheLastConnectionCloses() {
    var machine = ServerStateMachine(maximumConnections: 4)
    _ = machine.connectionAccepted()
    _ = machine.connectionAccepted()
    #expect(machine.stopRequested() == .signalStop)
    #expect(machine.acceptorExited(failure: nil) == .none)
    #expect(machine.connectionClosed() == .none)
    #expect(machine.connectionClosed() == .finish)
    #expect(machine.phase == .stopped)
  }

  @Test func aConnectionAcceptedDuringAStopIsRefused() {
    var machine = ServerStateMachine(maximumConnections: 4)
    _ = machine.stopRequested()
    #expect(machine.connectionAccepted() == .refuse)
    #expect(machine.activeConnections == 0)
  }

  @Test func anAcceptorFailureStopsTheServerAndIsKept() {
    var machine = ServerStateMachine(maximumConnections: 4)
    _ = machine.connectionAccepted()
    #expect(machine.acceptorExited(failure: "poll failed") == .signalStop)
    #expect(machine.phase == .stopping)
    #expect(machine.stopRequested() == .none)
    #expect(machine.connectionClosed() == .finish)
    #expect(machine.failure == "poll failed")
  }
}
