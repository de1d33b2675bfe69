import Foundation
import LoopSynchronization
import TestSupport
import Testing
import TrailsModel
import TrailsPersistence

/// Connections on one file, as processes share it: updates merge and the revision counts them.
struct UpdateMergeTests {
  @Test func updatesFromTwoConnectionsMergeWhenEachAppendsItsOwnTrail() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let first = try PlanConnection(path: path)
    let second = try PlanConnection(path: path)
    let base = try SamplePlans.emptyDay()
    // Both loaded the same (empty) database before either wrote: a replacing save would lose one.
    #expect(try first.load() == nil)
    #expect(try second.load() == nil)

    let one = try first.update(SamplePlans.appending("gull-point-loop", to: base))
    let two = try second.update(SamplePlans.appending("tidepool-steps", to: base))

    #expect(one.revision == 1)
    #expect(two.revision == 2)
    let merged = PlanDay(number: 1, trailIDs: ["gull-point-loop", "tidepool-steps"])
    #expect(two.plan.days == [merged])
    #expect(try first.load() == two)
    #expect(try PlanConnection(path: path).load() == two)
  }

  @Test func connectionsOpeningAMissingFileAtOnceAllOpenIt() async throws {
    // One of them creates the database while the others look at it: each must see it before
    // or after the creating transaction, never its tables without the application id. Each
    // also switches the new file to WAL, which SQLite refuses at once, without the busy
    // handler, while another connection holds a shared lock; the opener must wait that out.
    // Threads, not tasks: the cooperative pool would run two opens at a time on two cores.
    // The test awaits them without holding a thread of the pool, which other tests need.
    for _ in 0..<150 {
      let folder = try TemporaryFolder("trails-persistence-tests")
      defer { folder.remove() }
      let path = folder.path("trails.sqlite")
      let failures = Mutex<[String]>([])
      let done = DispatchGroup()
      for _ in 0..<8 {
        done.enter()
        Thread.detachNewThread {
          defer { done.leave() }
          do {
            _ = try PlanConnection(path: path)
          } catch {
            failures.withLock { $0.append("\(error)") }
          }
        }
      }
      await withCheckedContinuation { opened in done.notify(queue: .global()) { opened.resume() } }
      #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
    }
  }

  @Test func revisionSeesAnotherConnectionsWriteAndIsCachedWhenNothingChanged() throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let writer = try PlanConnection(path: path)
    let watcher = try PlanConnection(path: path)
    let plan = try SamplePlans.oneDay()
    #expect(try watcher.revision() == 0)

    _ = try writer.update { _ in plan }
    #expect(try writer.revision() == 1)
    // Another connection committed, so data_version moved: the watcher reads the row.
    #expect(try watcher.revision() == 1)
    // Every write counts once, whichever connection made it.
    _ = try writer.update { _ in plan }
    _ = try watcher.update { _ in plan }
    #expect(try watcher.revision() == 3)
    #expect(try writer.revision() == 3)

    // A write on the watcher's own connection does not move its data_version, so the
    // watcher answers from its cache; the writer, another connection, reads the row anew.
    try watcher.withDatabase { try $0.execute("UPDATE plan SET revision = 42") }
    #expect(try watcher.revision() == 3)
    #expect(try writer.revision() == 42)
  }

  @Test func eightConnectionsUpdatingAtOnceLoseNoEdit() async throws {
    let folder = try TemporaryFolder("trails-persistence-tests")
    defer { folder.remove() }
    let path = folder.path("trails.sqlite")
    let writers = 8
    let updatesEach = 25
    let databases = try (0..<writers).map { _ in try SQLitePlanDatabase(path: path) }
    let base = try SamplePlans.emptyDay()

    let revisions = try await withThrowingTaskGroup(of: [Int].self) { group in
      for (writer, database) in databases.enumerated() {
        group.addTask {
          var revisions: [Int] = []
          for update in 0..<updatesEach {
            let change = SamplePlans.appending("w\(writer)-u\(update)", to: base)
            revisions.append(try await database.update(change).revision)
          }
          return revisions
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }

    let expected = (0..<writers).flatMap { writer in
      (0..<updatesEach).map { "w\(writer)-u\($0)" }
    }
    let stored = try #require(try PlanConnection(path: path).load())
    #expect(stored.revision == writers * updatesEach)
    #expect(stored.plan.days.count == 1)
    #expect(stored.plan.days.first?.trailIDs.sorted() == expected.sorted())
    #expect(revisions.sorted() == Array(1...(writers * updatesEach)))
  }
}
