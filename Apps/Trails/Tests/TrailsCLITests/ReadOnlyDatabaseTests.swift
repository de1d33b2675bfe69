import Foundation
import TestSupport
import Testing

/// A database the user may read but not write, as a user without privileges sees it (as
/// `nobody` when the tests run as root): browsed as it is, an edit refused with the reason,
/// and nothing created next to it.
@Suite(.scaledTimeLimit(minutes: 1))
struct ReadOnlyDatabaseTests {
  private let folder: TemporaryFolder
  private let database: String

  init() throws {
    folder = try TemporaryFolder("trails-cli")
    database = folder.path("plan.sqlite")
  }

  /// Runs trails on this test's database as a user without privileges.
  private func trails(_ arguments: String...) async throws -> CommandRun {
    try await trails(arguments)
  }

  /// Runs trails on this test's database as a user without privileges.
  private func trails(_ arguments: [String]) async throws -> CommandRun {
    try await CommandRun.runUnprivileged(
      "trails", arguments + ["--db", database, "--source", "fixtures"],
      environment: ["NO_COLOR": "1"])
  }

  /// Writes a one-trail plan, as the current user, then sets the modes of the file and its
  /// folder (restored when the test ends, so the folder can be removed).
  private func planWith(file: Int, folder folderMode: Int) async throws {
    let add = try await CommandRun.run(
      "trails", ["plan", "add", "gull-point-loop", "--db", database, "--source", "fixtures"])
    #expect(add.status == 0, "\(add.stderr)")
    let files = FileManager.default
    try files.setAttributes([.posixPermissions: file], ofItemAtPath: database)
    try files.setAttributes([.posixPermissions: folderMode], ofItemAtPath: folder.url.path)
  }

  private func restoreModes() {
    try? FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: folder.url.path)
  }

  @Test func aDatabaseInAFolderTheUserCannotWriteIsBrowsedAndAnEditSaysWhyNot() async throws {
    try await planWith(file: 0o666, folder: 0o555)
    defer { restoreModes() }
    // What the setup left (a -wal and -shm too, when its process exited before SQLite closed
    // the file): the user's commands below must add nothing to it.
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()

    let plan = try await trails("plan")
    #expect(plan.status == 0, "\(plan.stderr)")
    #expect(plan.stdout.contains("gull-point-loop"), "\(plan.stdout)")
    let regions = try await trails("regions")
    #expect(regions.status == 0, "\(regions.stderr)")
    #expect(regions.stdout.contains("Silver Coast"), "\(regions.stdout)")

    let add = try await trails("plan", "add", "tidepool-steps")
    #expect(add.status == 1)
    #expect(
      add.stderr.contains(
        "\(database) is read-only (its folder \(folder.url.path) is not writable, and SQLite "
          + "writes the -wal and -shm files next to the database), so the plan cannot be "
          + "changed; make the folder writable to edit"), "\(add.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == files)
    #expect(files.contains("plan.sqlite"))
    #expect(try await trails("plan").stdout == plan.stdout)
  }

  @Test func aFileTheUserCannotWriteInAWritableFolderIsReadOnlyNotPermissionDenied() async throws {
    try await planWith(file: 0o444, folder: 0o777)
    defer { restoreModes() }

    #expect(try await trails("plan").status == 0)
    let add = try await trails("plan", "add", "tidepool-steps")
    #expect(add.status == 1)
    #expect(
      add.stderr.contains(
        "\(database) is read-only (the file is not writable), so the plan cannot be changed; "
          + "make the file writable to edit"), "\(add.stderr)")
    #expect(!add.stderr.contains("permission denied"))
  }

  @Test func aFolderTheUserCannotLookInIsAnErrorNotAnEmptyPlan() async throws {
    try await planWith(file: 0o644, folder: 0o000)
    defer { restoreModes() }
    let expected =
      "error: cannot look in the folder \(folder.url.path) (permission denied), so \(database) "
      + "cannot be read; check the permissions of the folder\n"

    for command in [["plan"], ["plan", "add", "tidepool-steps"], ["regions"]] {
      let run = try await trails(command)
      #expect(run.status == 1, "\(command): \(run.stdout)")
      #expect(run.stdout.isEmpty, "\(command): \(run.stdout)")
      #expect(run.stderr.hasSuffix(expected), "\(command): \(run.stderr)")
    }
  }

  @Test func aNewDatabaseInAFolderTheUserCannotWriteIsRefusedInWordsAndNothingIsCreated()
    async throws
  {
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o555], ofItemAtPath: folder.url.path)
    defer { restoreModes() }

    let add = try await trails("plan", "add", "gull-point-loop")
    #expect(add.status == 1)
    #expect(
      add.stderr.hasSuffix(
        "error: cannot create the database \(database): its folder \(folder.url.path) is not "
          + "writable; make the folder writable, or use another database file\n"),
      "\(add.stderr)")
    let plan = try await trails("plan")
    #expect(plan.status == 0, "\(plan.stderr)")
    #expect(plan.stdout == "The plan, from 2026-12-01: no trails yet.\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == [])
  }

  @Test func aFileThatIsNotADatabaseIsSaidToBeSoByEveryCommand() async throws {
    try Data("root:x:0:0:root:/root:/bin/bash\n".utf8).write(to: URL(fileURLWithPath: database))
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: database)
    defer { restoreModes() }

    for command in [["plan"], ["plan", "add", "gull-point-loop"]] {
      let run = try await trails(command)
      #expect(run.status == 1)
      #expect(
        run.stderr.hasSuffix(
          "error: \(database) is not a trails database; it was left untouched (move it aside "
            + "or use another)\n"), "\(command): \(run.stderr)")
    }
  }

  @Test func aFileTheUserCannotReadIsPermissionDenied() async throws {
    try await planWith(file: 0o000, folder: 0o755)
    defer { restoreModes() }

    let plan = try await trails("plan")
    #expect(plan.status == 1)
    #expect(
      plan.stderr.contains(
        "permission denied for \(database); check the permissions of the file and its folder"),
      "\(plan.stderr)")
  }
}
