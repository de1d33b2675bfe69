import CSQLite
import Foundation
import LoopContracts
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
      guard let folder = ScratchFolder(context) else { return }
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
        let path = folder.path(name + ".sqlite")
        guard make(path) else {
          context.check(false, "\(name): could not make \(path)")
          continue
        }
        let before = FileManager.default.contents(atPath: path)
        do {
          _ = try SQLiteTrailStore(path: path)
          context.check(false, "\(name): \(path) was opened")
        } catch {
          context.check(line(of: error) == reason(path), "\(name): \(line(of: error))")
        }
        context.check(
          before != nil && FileManager.default.contents(atPath: path) == before,
          "\(name): the file is byte for byte as it was")
      }
      let directory = folder.path("folder.sqlite")
      try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      do {
        _ = try SQLiteTrailStore(path: directory)
        context.check(false, "a directory was opened")
      } catch {
        context.check(
          line(of: error)
            == "\(directory) is a directory, not a database file; give the path of a file",
          "a directory: \(line(of: error))")
      }
    },
    Scenario("read-only, a missing file is an empty plan, never created, and refuses edits") {
      context in
      guard let folder = ScratchFolder(context) else { return }
      defer { folder.remove() }
      let path = folder.path("missing.sqlite")
      do {
        _ = try SQLiteTrailStore(path: path, access: .readOnly)
        context.check(false, "a missing file was opened read-only")
      } catch {
        context.check(
          line(of: error) == "\(path) does not exist, and opening read-only never creates it",
          "\(line(of: error))")
      }
      guard let store = try? TrailStore.sqlite(path: path, access: .readOnly) else {
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
      guard let folder = ScratchFolder(context) else { return }
      defer { folder.remove() }
      let path = folder.path("a/b/plan.sqlite")
      do {
        let store = try SQLiteTrailStore(path: path)
        context.check(try store.load() == nil, "a new database holds no plan")
        context.check(try store.revision() >= 0, "a new database has a revision")
      } catch {
        context.check(false, "a new database in new folders: \(line(of: error))")
      }
      context.check(FileManager.default.fileExists(atPath: path), "the file was created")
    },
    Scenario("a file a newer trails upgraded while this one runs: its next save is refused") {
      context in
      guard let folder = ScratchFolder(context) else { return }
      defer { folder.remove() }
      let path = folder.path("plan.sqlite")
      guard let store = try? TrailStore.sqlite(path: path) else {
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
  ]
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

/// A temporary folder for one scenario's files.
private struct ScratchFolder {
  let url: URL

  init?(_ context: ScenarioContext<Trails>) {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("trails-files-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    } catch {
      context.check(false, "cannot create a temporary folder: \(error)")
      return nil
    }
  }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  func remove() { try? FileManager.default.removeItem(at: url) }
}
