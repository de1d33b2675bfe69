import CSQLite
import Foundation
import LoopContracts
import LoopSynchronization
import TrailsFeature
import TrailsModel
import TrailsPersistence

extension Trails {
  /// What trails does with whatever file the database path names (docs/apps/trails.md,
  /// "Several processes, one database"), on real files in a temporary folder.
  ///
  /// Only trails databases are opened for writing; anything else is refused with one line
  /// naming the path and why, and left byte for byte as it was. Every line is written here
  /// by hand from `PersistenceError`'s documentation.
  static let databaseFileScenarios: [Scenario<Trails>] = [
    Scenario("a file that is not a trails database is refused, named, and left untouched") {
      context in
      guard let folder = TemporaryDatabase(context) else { return }
      defer { folder.remove() }
      let cases: [(name: String, make: (String) -> Bool, reason: (String) -> String)] = [
        (
          "text", { write("not a database\n", to: $0) },
          { "\($0) is not a trails database; it was left untouched (move it aside or use another)" }
        ),
        (
          "other-id", { sqlite("PRAGMA application_id = 305419896", at: $0) },
          { foreign($0, "its application id is 0x12345678, trails' is 0x54524C53") }
        ),
        (
          "negative-id", { sqlite("PRAGMA application_id = -1", at: $0) },
          { foreign($0, "its application id is 0xFFFFFFFF, trails' is 0x54524C53") }
        ),
        (
          "tables", { sqlite("CREATE TABLE notes (body TEXT)", at: $0) },
          { foreign($0, "it has tables and no trails application id") }
        ),
        (
          "stamped", { sqlite("PRAGMA user_version = 3", at: $0) },
          { foreign($0, "it has user_version 3 and no trails application id") }
        ),
      ]
      for (name, make, reason) in cases {
        let path = folder.file(name + ".sqlite")
        guard make(path) else {
          context.check(false, "\(name): could not make \(path)")
          continue
        }
        let before = FileManager.default.contents(atPath: path)
        do {
          _ = try PlanConnection(path: path)
          context.check(false, "\(name): \(path) was opened")
        } catch {
          context.check(line(of: error) == reason(path), "\(name): \(line(of: error))")
        }
        context.check(
          before != nil && FileManager.default.contents(atPath: path) == before,
          "\(name): the file is byte for byte as it was")
      }
      let directory = folder.file("folder.sqlite")
      try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      do {
        _ = try PlanConnection(path: directory)
        context.check(false, "a directory was opened")
      } catch {
        context.check(
          line(of: error)
            == "\(directory) is a directory, not a database file; give the path of a file",
          "a directory: \(line(of: error))")
      }
    },
    Scenario("a path that leads nowhere is not reported as a permission problem") { context in
      guard let folder = TemporaryDatabase(context) else { return }
      defer { folder.remove() }
      // A link to a file in a folder that does not exist: no one's permissions are at fault.
      let path = folder.file("link.sqlite")
      try? FileManager.default.createSymbolicLink(
        atPath: path, withDestinationPath: folder.file("gone/plan.sqlite"))
      do {
        _ = try PlanConnection(path: path)
        context.check(false, "a link to nowhere was opened")
      } catch {
        let shown = line(of: error)
        context.check(
          shown.contains(path) && !shown.hasPrefix("permission denied"),
          "the line: \(shown)")
      }
    },
    Scenario("read-only, a missing file is an empty plan, never created, and refuses edits") {
      context in
      guard let folder = TemporaryDatabase(context) else { return }
      defer { folder.remove() }
      let path = folder.file("missing.sqlite")
      do {
        _ = try PlanConnection(path: path, access: .readOnly)
        context.check(false, "a missing file was opened read-only")
      } catch {
        context.check(
          line(of: error) == "\(path) does not exist, and opening read-only never creates it",
          "\(line(of: error))")
      }
      guard let store = try? SQLitePlanDatabase(path: path, access: .readOnly) else {
        context.check(false, "the read-only store of a missing file did not open")
        return
      }
      do {
        let loaded = try await store.load()
        context.check(loaded == nil, "an empty plan: \(String(describing: loaded))")
      } catch {
        context.check(false, "reading a missing file read-only: \(line(of: error))")
      }
      do {
        _ = try await store.update { _ in Plan(start: TrailsSamples.today) }
        context.check(false, "a read-only store took an edit")
      } catch {
        let shown = line(of: error)
        context.check(
          shown == "\(path) is open read-only, so the plan cannot be changed; open it read-write "
            + "to edit", "the edit: \(shown)")
      }
      context.check(!FileManager.default.fileExists(atPath: path), "nothing was created")
    },
    Scenario("read-write, a missing file is created with its folders, as an empty plan") {
      context in
      guard let folder = TemporaryDatabase(context) else { return }
      defer { folder.remove() }
      let path = folder.file("a/b/plan.sqlite")
      do {
        let store = try PlanConnection(path: path)
        context.check(try store.load() == nil, "a new database holds no plan")
        context.check(try store.revision() >= 0, "a new database has a revision")
      } catch {
        context.check(false, "a new database in new folders: \(line(of: error))")
      }
      context.check(FileManager.default.fileExists(atPath: path), "the file was created")
    },
    Scenario("a database closed is one file again, whose copy alone holds every edit") {
      context in
      typealias S = TrailsSamples
      guard let folder = TemporaryDatabase(context) else { return }
      defer { folder.remove() }
      let path = folder.file("plan.sqlite")
      guard let database = try? SQLitePlanDatabase(path: path) else {
        context.check(false, "a new database did not open")
        return
      }
      let stored = try? await database.update { _ in S.plan([S.gull], [S.tidepool]) }
      await database.close()
      // The last connection to close folds the -wal back in and removes it (docs/apps/
      // trails.md): copying the file alone, as `cp` does, keeps every edit.
      let left = (try? FileManager.default.contentsOfDirectory(atPath: folder.folder.path)) ?? []
      context.check(left == ["plan.sqlite"], "the folder holds \(left.sorted())")
      let copy = folder.file("copy.sqlite")
      try? FileManager.default.copyItem(atPath: path, toPath: copy)
      let copied = try? PlanConnection(path: copy, access: .readOnly).load()
      context.check(
        stored != nil && copied == stored, "the copy holds \(String(describing: copied))")
      do {
        _ = try await database.load()
        context.check(false, "a closed database was read")
      } catch {
        context.check(
          line(of: error)
            == "the database \(path) was closed before this call; open it again to use it",
          "a call after close: \(line(of: error))")
      }
    },
    Scenario("a file a newer trails upgraded while this one runs: its next save is refused") {
      context in
      guard let folder = TemporaryDatabase(context) else { return }
      defer { folder.remove() }
      let path = folder.file("plan.sqlite")
      guard let store = try? SQLitePlanDatabase(path: path) else {
        context.check(false, "cannot open \(path)")
        return
      }
      let plan = Plan(start: TrailsSamples.today, days: [PlanDay(number: 1, trailIDs: ["x"])])
      _ = try? await store.update { _ in plan }
      guard sqlite("PRAGMA user_version = 99", at: path) else {
        context.check(false, "cannot set user_version of \(path)")
        return
      }
      do {
        _ = try await store.update { _ in Plan(start: TrailsSamples.today) }
        context.check(false, "a save went into a schema-99 file")
      } catch {
        let shown = line(of: error)
        context.check(
          shown == "\(path) was written by a newer trails (schema 99, this one reads up to 2); "
            + "it was left untouched (update trails to open it)", "the save: \(shown)")
      }
    },
    Scenario("a trails v1 database (before the application id) opens with its plan, upgraded") {
      context in
      guard let folder = TemporaryDatabase(context) else { return }
      defer { folder.remove() }
      let path = folder.file("v1.sqlite")
      // The schema trails 1 wrote, and its plan: day 1 Gull Point Loop, day 2 a rest day, day
      // 3 Cinder Corrie then Tidepool Steps, from 2026-12-01.
      let v1 = """
        CREATE TABLE plan (id INTEGER PRIMARY KEY CHECK (id = 1), start_day TEXT NOT NULL);
        CREATE TABLE plan_day (plan_id INTEGER NOT NULL, position INTEGER NOT NULL,
          number INTEGER NOT NULL, PRIMARY KEY (plan_id, position));
        CREATE TABLE plan_entry (plan_id INTEGER NOT NULL, day_position INTEGER NOT NULL,
          position INTEGER NOT NULL, trail_id TEXT NOT NULL,
          PRIMARY KEY (plan_id, day_position, position));
        INSERT INTO plan VALUES (1, '2026-12-01');
        INSERT INTO plan_day VALUES (1, 0, 1), (1, 1, 2), (1, 2, 3);
        INSERT INTO plan_entry VALUES (1, 0, 0, 'gull-point-loop'), (1, 2, 0, 'cinder-corrie'),
          (1, 2, 1, 'tidepool-steps');
        PRAGMA user_version = 1;
        """
      guard sqlite(v1, at: path) else {
        context.check(false, "cannot write a v1 database at \(path)")
        return
      }
      let expected = Plan(
        start: TrailsSamples.today,
        days: [
          PlanDay(number: 1, trailIDs: ["gull-point-loop"]), PlanDay(number: 2),
          PlanDay(number: 3, trailIDs: ["cinder-corrie", "tidepool-steps"]),
        ])
      do {
        // A stored plan of schema 1 counts as one write.
        context.check(
          try PlanConnection(path: path).load() == StoredPlan(plan: expected, revision: 1),
          "the v1 plan reads back as it was, at revision 1")
        context.check(
          sqliteInteger("PRAGMA application_id", at: path) == 0x5452_4C53
            && sqliteInteger("PRAGMA user_version", at: path) == 2,
          "the file now carries trails' application id and schema 2")
      } catch {
        context.check(false, "a v1 database: \(line(of: error))")
      }
    },
    Scenario("a path with spaces, #, ? and % names exactly that file") { context in
      guard let folder = TemporaryDatabase(context) else { return }
      defer { folder.remove() }
      let path = folder.file("plan #1? 100% mine.sqlite")
      let plan = Plan(start: TrailsSamples.today, days: [PlanDay(number: 1, trailIDs: ["x"])])
      do {
        _ = try PlanConnection(path: path).update { _ in plan }
        let reread = try PlanConnection(path: path, access: .readOnly).load()
        context.check(
          reread == StoredPlan(plan: plan, revision: 1), "read back: \(String(describing: reread))")
        // A user who may not write the folder gets the file opened immutable, by a URI that
        // must escape the name. CI runs as root, who may write every folder, so that open is
        // made here directly, as the opener makes it.
        let immutable = try Database(path: path, mode: .immutable)
        let days = try immutable.query("SELECT count(*) FROM plan_day").first?.first?.integer
        context.check(days == 1, "opened immutable, the plan has \(String(describing: days)) days")
      } catch {
        context.check(false, "\(path): \(line(of: error))")
      }
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.folder.path)) ?? []
      context.check(
        names.contains("plan #1? 100% mine.sqlite"), "the files in the folder: \(names.sorted())")
    },
    // docs/apps/trails.md: a write that finds the database locked by another process waits
    // up to the busy timeout, trying again every millisecond, then fails. On a clock that
    // moves a millisecond at each pause, from just before a second's end, so the wait
    // crosses one: a timeout of T ms is exactly T pauses, then `busy` naming T.
    Scenario("a write locked out by another connection tries every millisecond until the timeout") {
      context in
      guard let folder = TemporaryDatabase(context) else { return }
      defer { folder.remove() }
      let path = folder.file("busy.sqlite")
      let clock = SteppedClock(from: timespec(tv_sec: 41, tv_nsec: 999_500_000))
      do {
        let holder = try Database(path: path, mode: .create)
        try holder.execute("BEGIN IMMEDIATE")
        defer { try? holder.execute("ROLLBACK") }
        let waiter = try Database(path: path, mode: .readWrite)
        try waiter.setBusyTimeout(milliseconds: 1_500, clock: clock.busyClock)
        // Twice: the second write waits its own full timeout, not what the first one left.
        for attempt in 1...2 {
          do {
            try waiter.execute("BEGIN IMMEDIATE")
            context.check(false, "the second writer got the lock the first one holds")
          } catch PersistenceError.busy(let named, let milliseconds) {
            context.check(
              named == path && milliseconds == 1_500, "busy names \(named), \(milliseconds) ms")
            context.check(
              clock.pauses == 1_500 * attempt,
              "write \(attempt) gave up after \(clock.pauses) pauses in all, not \(1_500 * attempt)"
            )
          }
        }
      } catch {
        context.check(false, "\(path): \(line(of: error))")
      }
    },
    // SQLitePlanDatabase's documentation: every read-write open switches to WAL; an opener told
    // "busy" tries again every millisecond, up to the busy timeout in all.
    Scenario("a switch to WAL refused while another opener reads is tried again until the timeout")
    { context in
      guard let folder = TemporaryDatabase(context) else { return }
      defer { folder.remove() }
      let path = folder.file("opening.sqlite")
      let clock = SteppedClock(from: timespec(tv_sec: 7, tv_nsec: 999_900_000))
      do {
        let reader = try Database(path: path, mode: .create)
        try reader.execute("CREATE TABLE t (x); BEGIN; SELECT * FROM t;")
        defer { try? reader.execute("COMMIT") }
        let opener = try Database(path: path, mode: .readWrite)
        try opener.setBusyTimeout(milliseconds: 300, clock: clock.busyClock)
        let mode = try opener.retryingWhenBusy { () throws(PersistenceError) in
          try opener.query("PRAGMA journal_mode = WAL").first?.first?.text
        }
        context.check(false, "switched to \(mode ?? "nothing") while another connection reads")
      } catch PersistenceError.busy(let named, let milliseconds) {
        context.check(
          named == path && milliseconds == 300, "busy names \(named), \(milliseconds) ms")
        // SQLite waits in the busy handler first here (the reader's lock can be waited for),
        // and the retries after it share the same 300 ms: not 300 more.
        context.check(clock.pauses == 300, "gave up after \(clock.pauses) pauses, not 300")
      } catch {
        context.check(false, "\(path): \(line(of: error))")
      }
    },
    // SQLitePlanDatabase's documentation: read-write, every connection commits durably (WAL,
    // `synchronous=FULL`) and keeps the plan's rows consistent (`foreign_keys=ON`).
    Scenario("every read-write connection is durable: WAL, synchronous FULL, foreign keys on") {
      context in
      guard let folder = TemporaryDatabase(context) else { return }
      defer { folder.remove() }
      let path = folder.file("durable.sqlite")
      do {
        for _ in 0..<2 {  // a new file, then an existing one
          let settings = try PlanConnection(path: path).withDatabase { database in
            try ["journal_mode", "synchronous", "foreign_keys"].map { pragma in
              try database.query("PRAGMA \(pragma)").first?.first ?? .null
            }
          }
          context.check(settings == [.text("wal"), .integer(2), .integer(1)], "\(settings)")
        }
      } catch {
        context.check(false, "\(path): \(line(of: error))")
      }
    },
    // PersistenceError: a file whose schema is not the one expected is not written, and the
    // line says which schema it found (here another program lowered it after the open).
    Scenario("a database whose schema was changed after the open is not written, with one line") {
      context in
      guard let folder = TemporaryDatabase(context) else { return }
      defer { folder.remove() }
      let path = folder.file("lowered.sqlite")
      let plan = Plan(start: TrailsSamples.today, days: [PlanDay(number: 1, trailIDs: ["x"])])
      guard let store = try? PlanConnection(path: path), (try? store.update { _ in plan }) != nil
      else { return context.check(false, "\(path) could not be made") }
      do {
        context.check(sqlite("PRAGMA user_version = 1", at: path), "lowered the schema")
        _ = try store.update { _ in Plan(start: TrailsSamples.today) }
        context.check(false, "wrote a database of schema 1")
      } catch {
        context.check(
          line(of: error)
            == "the database \(path) failed: schema 1 where 2 was expected (SQLite error 1)",
          "the line: \(line(of: error))")
      }
      context.check(
        sqliteInteger("PRAGMA user_version", at: path) == 1
          && sqliteInteger("SELECT count(*) FROM plan_entry", at: path) == 1,
        "the file was left as it was")
      // And not locked: the refused write ended its transaction (the planner still has the
      // file open), so another program may write, and the planner's next write, once the
      // schema is back, goes through.
      context.check(
        sqlite("PRAGMA user_version = 2", at: path), "another program could not write the file")
      do {
        let stored = try store.update { _ in plan }
        context.check(stored.revision == 2, "the next write stored revision \(stored.revision)")
      } catch {
        context.check(false, "the next write: \(line(of: error))")
      }
    },
    Scenario("on SQLite, another connection's write changes the revision this one reads") {
      context in
      guard let folder = TemporaryDatabase(context) else { return }
      defer { folder.remove() }
      let path = folder.file("shared.sqlite")
      do {
        let mine = try PlanConnection(path: path)
        let theirs = try PlanConnection(path: path)
        // Nothing written yet: nothing to load, and revision 0, before and after a load.
        context.check(try mine.load() == nil, "an empty database loaded a plan")
        let before = try mine.revision()
        context.check(before == 0, "an empty database's revision after a load: \(before)")
        _ = try theirs.update { _ in Plan(start: TrailsSamples.today) }
        let seen = try mine.revision()
        context.check(seen == before + 1, "one write later: \(seen), not \(before + 1)")
        _ = try theirs.update { _ in Plan(start: TrailsSamples.today) }
        _ = try mine.update { _ in Plan(start: TrailsSamples.today) }
        let (mineNow, theirsNow) = (try mine.revision(), try theirs.revision())
        context.check(
          mineNow == before + 3 && theirsNow == before + 3,
          "three writes later: \(mineNow) and \(theirsNow), not \(before + 3)")
      } catch {
        context.check(false, "\(path): \(line(of: error))")
      }
    },
  ]
}

/// A monotonic clock that moves on a millisecond at each pause, counting them.
private final class SteppedClock: Sendable {
  private let state: Mutex<(now: timespec, pauses: Int)>

  /// A clock reading `start` until its first pause.
  init(from start: timespec) {
    state = Mutex((start, 0))
  }

  /// How many pauses were made.
  var pauses: Int { state.withLock { $0.pauses } }

  /// The clock as a busy wait reads it.
  var busyClock: BusyClock {
    BusyClock(
      now: { self.state.withLock { $0.now } },
      pause: {
        self.state.withLock { state in
          state.pauses += 1
          state.now.tv_nsec += 1_000_000
          if state.now.tv_nsec >= 1_000_000_000 {
            state.now.tv_sec += 1
            state.now.tv_nsec -= 1_000_000_000
          }
        }
      })
  }
}

/// The first column of the first row of `sql` on the database at `path`, or `nil`.
private func sqliteInteger(_ sql: String, at path: String) -> Int64? {
  var handle: OpaquePointer?
  defer { sqlite3_close(handle) }
  guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { return nil }
  var statement: OpaquePointer?
  defer { sqlite3_finalize(statement) }
  guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK,
    sqlite3_step(statement) == SQLITE_ROW
  else { return nil }
  return sqlite3_column_int64(statement, 0)
}

/// The line a user reads for `error`.
private func line(of error: any Error) -> String {
  (error as? PersistenceError)?.userMessage ?? "\(error)"
}

/// The line of a database that belongs to another application, for `reason`.
private func foreign(_ path: String, _ reason: String) -> String {
  "\(path) belongs to another application (\(reason)); it was left untouched (use another "
    + "database file)"
}

/// Writes `text` to `path`; whether it could.
private func write(_ text: String, to path: String) -> Bool {
  FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
}

/// Runs `sql` on a new SQLite database at `path` with the C API, as another program would;
/// whether it could.
private func sqlite(_ sql: String, at path: String) -> Bool {
  var handle: OpaquePointer?
  defer { sqlite3_close(handle) }
  guard sqlite3_open(path, &handle) == SQLITE_OK else { return false }
  return sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK
}
