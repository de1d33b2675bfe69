import CSQLite

#if canImport(Glibc)
  import Glibc
#endif

/// One SQLite connection, owned: opened on init, closed on deinit.
///
/// Not thread-safe and not `Sendable`: the owner serialises access (a ``PlanConnection``,
/// which its ``SQLitePlanDatabase`` calls from one queue). Errors come back as
/// ``PersistenceError`` naming the file. SQL with values goes through ``run(_:_:)``,
/// ``query(_:_:)`` or a ``Statement``, always as bound parameters; ``execute(_:)`` is for
/// constant SQL only.
package final class Database {
  /// The file the connection is open on.
  package let path: String
  /// The `sqlite3*` handle, valid until deinit.
  let handle: OpaquePointer
  /// The busy timeout last set with ``setBusyTimeout(milliseconds:clock:)``, named by
  /// ``PersistenceError/busy(_:timeoutMilliseconds:)``.
  package private(set) var busyTimeoutMilliseconds: Int32 = 0
  /// The clock the busy timeout is measured on, as last set with
  /// ``setBusyTimeout(milliseconds:clock:)``.
  private var busyClock = BusyClock.system
  /// The busy handler's state, kept alive as long as SQLite may call the handler.
  private var busyWait: BusyWait?

  /// How a connection opens its file.
  package enum Mode: Sendable {
    /// Read-write, creating the file when it does not exist.
    case create
    /// Read-write; a missing file fails.
    case readWrite
    /// Read-only (`SQLITE_OPEN_READONLY`); a missing file fails, and nothing is ever written.
    case readOnly
    /// Read-only and `immutable=1` (a URI parameter): SQLite takes no locks and creates no
    /// `-shm`, so a WAL file opens in a folder the user cannot write. Only for a file that
    /// no one can be writing: nothing else sees changes made while it is open.
    case immutable
  }

  /// Opens a connection to the file at `path`.
  ///
  /// Opening does not read the file: a file that is not a database opens, and the first
  /// statement fails with ``PersistenceError/notADatabase(_:)``. Result codes are extended
  /// (`SQLITE_READONLY_DIRECTORY`, not only `SQLITE_READONLY`).
  ///
  /// - Parameters:
  ///   - path: The database file.
  ///   - mode: Read-write (creating the file or not) or read-only.
  /// - Throws: ``PersistenceError`` when SQLite cannot open the file.
  package init(path: String, mode: Mode) throws(PersistenceError) {
    var handle: OpaquePointer?
    let flags =
      switch mode {
      case .create: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
      case .readWrite: SQLITE_OPEN_READWRITE
      case .readOnly: SQLITE_OPEN_READONLY
      case .immutable: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
      }
    let name = mode == .immutable ? Self.immutableURI(path) : path
    let code = sqlite3_open_v2(name, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      let systemError = handle.map { sqlite3_system_errno($0) } ?? 0
      sqlite3_close_v2(handle)
      throw Self.error(
        code: code, message: message, path: path, systemError: systemError, busyTimeout: 0)
    }
    sqlite3_extended_result_codes(handle, 1)
    self.path = path
    self.handle = handle
  }

  deinit {
    sqlite3_close_v2(handle)
  }

  /// The `file:` URI that opens `path` immutable: `%`, `?` and `#` percent-encoded, as
  /// SQLite's URI filenames require, every other byte as it is, and an absolute path after
  /// an empty authority (`file:///…`), so one that starts with `//` is not read as a host.
  package static func immutableURI(_ path: String) -> String {
    var encoded = ""
    for character in path.unicodeScalars {
      switch character {
      case "%": encoded += "%25"
      case "?": encoded += "%3F"
      case "#": encoded += "%23"
      default: encoded.unicodeScalars.append(character)
      }
    }
    let authority = path.hasPrefix("/") ? "//" : ""
    return "file:\(authority)\(encoded)?immutable=1"
  }

  /// How long a statement waits for another connection's lock before failing with
  /// ``PersistenceError/busy``.
  ///
  /// The wait tries again every millisecond (``BusyWait``), not with SQLite's own backoff,
  /// which sleeps up to 100 ms between tries: with several processes writing at once, one
  /// that has waited long would try ten times less often than a newcomer and could starve
  /// past the timeout while the others take turns.
  ///
  /// - Parameters:
  ///   - milliseconds: The wait; 0 fails at once.
  ///   - clock: The clock the wait is measured on, and its pause between tries: the
  ///     system's by default; a test's moves time on without sleeping.
  /// - Throws: ``PersistenceError`` when SQLite refuses the setting.
  package func setBusyTimeout(
    milliseconds: Int32, clock: BusyClock = .system
  ) throws(PersistenceError) {
    busyClock = clock
    guard milliseconds > 0 else {
      try check(sqlite3_busy_handler(handle, nil, nil))
      busyWait = nil
      busyTimeoutMilliseconds = 0
      return
    }
    let wait = BusyWait(milliseconds: milliseconds, clock: clock)
    try check(
      sqlite3_busy_handler(
        handle,
        { context, attempt in
          guard let context else { return 0 }
          let wait = Unmanaged<BusyWait>.fromOpaque(context).takeUnretainedValue()
          return wait.tryAgain(attempt: attempt) ? 1 : 0
        },
        Unmanaged.passUnretained(wait).toOpaque()))
    busyWait = wait
    busyTimeoutMilliseconds = milliseconds
  }

  /// Runs `body`, and runs it again each millisecond while it fails with
  /// ``PersistenceError/busy(_:timeoutMilliseconds:)``, until the busy timeout has passed
  /// since the first try.
  ///
  /// The timeout counts from the first try, not the first failure: SQLite may have waited
  /// in the busy handler already (for a lock it can wait for safely), and the two waits
  /// together must not pass the timeout.
  ///
  /// For statements that SQLite refuses at once, without calling the busy handler, when
  /// waiting could deadlock: `PRAGMA journal_mode = WAL` needs an exclusive lock, and two
  /// connections that both hold a shared lock and want it are told "busy" straight away.
  /// Each refusal releases this connection's lock, so the other goes ahead and a later try
  /// succeeds. Use it only for statements outside a transaction.
  ///
  /// - Parameter body: The statements, run in autocommit mode.
  /// - Returns: What `body` returns.
  /// - Throws: The last error of `body`.
  package func retryingWhenBusy<Result>(
    _ body: () throws(PersistenceError) -> Result
  ) throws(PersistenceError) -> Result {
    let wait = BusyWait(milliseconds: busyTimeoutMilliseconds, clock: busyClock)
    wait.begin()
    while true {
      do {
        return try body()
      } catch .busy(let path, let milliseconds) {
        guard wait.pauseIfTimeLeft() else { throw .busy(path, timeoutMilliseconds: milliseconds) }
      }
    }
  }

  /// Runs constant SQL, one or more statements, discarding any rows.
  ///
  /// Never pass SQL built from values: use ``run(_:_:)`` with parameters instead.
  ///
  /// - Parameter sql: Constant SQL text.
  /// - Throws: ``PersistenceError`` for the first statement that fails.
  package func execute(_ sql: String) throws(PersistenceError) {
    var message: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, sql, nil, nil, &message)
    defer { sqlite3_free(message) }
    guard code == SQLITE_OK else {
      throw error(code: code, message: message.map { String(cString: $0) })
    }
  }

  /// Runs one statement with `parameters` bound to its `?` placeholders, discarding rows.
  ///
  /// - Parameters:
  ///   - sql: One SQL statement with `?` placeholders.
  ///   - parameters: The values for the placeholders, in order.
  /// - Throws: ``PersistenceError`` when preparing, binding or running fails.
  package func run(_ sql: String, _ parameters: [SQLValue] = []) throws(PersistenceError) {
    try prepare(sql).run(parameters)
  }

  /// Runs one query with `parameters` bound and returns every row.
  ///
  /// - Parameters:
  ///   - sql: One SQL statement with `?` placeholders.
  ///   - parameters: The values for the placeholders, in order.
  /// - Returns: The rows, each the values of its columns in order.
  /// - Throws: ``PersistenceError`` when preparing, binding or stepping fails.
  package func query(
    _ sql: String, _ parameters: [SQLValue] = []
  ) throws(PersistenceError) -> [[SQLValue]] {
    try prepare(sql).rows(parameters)
  }

  /// Compiles one statement for repeated use.
  ///
  /// - Parameter sql: One SQL statement with `?` placeholders.
  /// - Returns: The prepared statement.
  /// - Throws: ``PersistenceError`` when the SQL does not compile or the file is unreadable.
  package func prepare(_ sql: String) throws(PersistenceError) -> Statement {
    try Statement(database: self, sql: sql)
  }

  /// Runs `body` in a write transaction started with `BEGIN IMMEDIATE`.
  ///
  /// The write lock is taken up front (waiting up to the busy timeout), so the transaction
  /// never fails halfway on upgrading a read lock. Commits when `body` returns; rolls back
  /// and rethrows when `body` or the commit throws.
  ///
  /// - Parameter body: The work to do atomically.
  /// - Returns: What `body` returns.
  /// - Throws: ``PersistenceError`` from beginning, `body`, or committing.
  package func transaction<Result>(
    _ body: () throws(PersistenceError) -> Result
  ) throws(PersistenceError) -> Result {
    try within(begin: "BEGIN IMMEDIATE", body)
  }

  /// Runs `body` in a read transaction, so several queries see one snapshot.
  ///
  /// - Parameter body: The queries to run.
  /// - Returns: What `body` returns.
  /// - Throws: ``PersistenceError`` from beginning, `body`, or ending the transaction.
  package func readTransaction<Result>(
    _ body: () throws(PersistenceError) -> Result
  ) throws(PersistenceError) -> Result {
    try within(begin: "BEGIN DEFERRED", body)
  }

  /// The error for result `code`, with SQLite's message for this connection by default.
  func error(code: Int32, message: String? = nil) -> PersistenceError {
    Self.error(
      code: code, message: message ?? String(cString: sqlite3_errmsg(handle)), path: path,
      systemError: sqlite3_system_errno(handle), busyTimeout: busyTimeoutMilliseconds)
  }

  /// Throws the error for `code` unless it is `SQLITE_OK`.
  func check(_ code: Int32) throws(PersistenceError) {
    guard code == SQLITE_OK else { throw error(code: code) }
  }

  /// Begins with `begin`, runs `body`, commits; rolls back when anything throws.
  private func within<Result>(
    begin: String, _ body: () throws(PersistenceError) -> Result
  ) throws(PersistenceError) -> Result {
    try execute(begin)
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      // A failed COMMIT can leave the transaction open; a failed statement leaves it open.
      if sqlite3_get_autocommit(handle) == 0 { try? execute("ROLLBACK") }
      throw error
    }
  }

  /// Maps an SQLite result code to the error a user can act on.
  ///
  /// - Parameters:
  ///   - code: The (extended) result code.
  ///   - message: SQLite's message.
  ///   - path: The database file.
  ///   - systemError: The `errno` of the last failed system call (`sqlite3_system_errno`).
  ///   - busyTimeout: The connection's busy timeout, in milliseconds.
  /// - Returns: The error, naming `path`.
  static func error(
    code: Int32, message: String, path: String, systemError: Int32, busyTimeout: Int32
  ) -> PersistenceError {
    let deniedBySystem = systemError == EACCES || systemError == EPERM
    switch code & 0xFF {
    case SQLITE_NOTADB: return .notADatabase(path)
    case SQLITE_CORRUPT: return .corrupt(path, message)
    case SQLITE_BUSY, SQLITE_LOCKED: return .busy(path, timeoutMilliseconds: Int(busyTimeout))
    // SQLITE_READONLY: the file or its folder is not writable; read-only, also a WAL file
    // whose -shm cannot be created in an unwritable folder (SQLITE_READONLY_CANTINIT).
    case SQLITE_PERM, SQLITE_READONLY: return .permissionDenied(path)
    case SQLITE_CANTOPEN where deniedBySystem: return .permissionDenied(path)
    default: return .sqlite(path, code, message)
    }
  }
}
