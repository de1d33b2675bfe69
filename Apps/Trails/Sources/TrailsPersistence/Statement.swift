import CSQLite

/// A compiled SQL statement of a ``Database``, run with bound parameters.
///
/// Finalized on deinit. Each ``run(_:)`` or ``rows(_:)`` resets the statement and binds
/// afresh, so one statement can insert many rows.
package final class Statement {
  /// The connection, kept open while the statement lives.
  private let database: Database
  /// The `sqlite3_stmt*` handle.
  private let handle: OpaquePointer

  /// Compiles `sql` on `database`.
  ///
  /// - Parameters:
  ///   - database: The connection.
  ///   - sql: One SQL statement with `?` placeholders.
  /// - Throws: ``PersistenceError`` when it does not compile (or the file is not a database).
  init(database: Database, sql: String) throws(PersistenceError) {
    var handle: OpaquePointer?
    let code = sqlite3_prepare_v2(database.handle, sql, -1, &handle, nil)
    guard code == SQLITE_OK, let handle else {
      sqlite3_finalize(handle)
      throw database.error(code: code == SQLITE_OK ? SQLITE_MISUSE : code)
    }
    self.database = database
    self.handle = handle
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// Binds `parameters` and runs the statement to completion, discarding any rows.
  ///
  /// - Parameter parameters: The values for the `?` placeholders, in order.
  /// - Throws: ``PersistenceError`` when binding or stepping fails.
  package func run(_ parameters: [SQLValue] = []) throws(PersistenceError) {
    try bind(parameters)
    defer { sqlite3_reset(handle) }
    while try step() {}
  }

  /// Binds `parameters`, runs the statement and collects every row.
  ///
  /// - Parameter parameters: The values for the `?` placeholders, in order.
  /// - Returns: The rows, each the values of its columns in order.
  /// - Throws: ``PersistenceError`` when binding or stepping fails.
  package func rows(_ parameters: [SQLValue] = []) throws(PersistenceError) -> [[SQLValue]] {
    try bind(parameters)
    defer { sqlite3_reset(handle) }
    var rows: [[SQLValue]] = []
    while try step() {
      rows.append((0..<sqlite3_column_count(handle)).map(column))
    }
    return rows
  }

  /// Resets the statement and binds `parameters` to placeholders 1, 2, ...
  private func bind(_ parameters: [SQLValue]) throws(PersistenceError) {
    sqlite3_reset(handle)
    try database.check(sqlite3_clear_bindings(handle))
    for (offset, value) in parameters.enumerated() {
      let index = Int32(offset + 1)
      let code: Int32 =
        switch value {
        case .null: sqlite3_bind_null(handle, index)
        case .integer(let integer): sqlite3_bind_int64(handle, index, integer)
        case .real(let real): sqlite3_bind_double(handle, index, real)
        case .text(let text): sqlite3_bind_text(handle, index, text, -1, Self.transient)
        case .blob(let bytes):
          bytes.withUnsafeBytes {
            sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), Self.transient)
          }
        }
      try database.check(code)
    }
  }

  /// Advances one row: `true` when a row is ready, `false` when the statement is done.
  private func step() throws(PersistenceError) -> Bool {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw database.error(code: code)
    }
  }

  /// The value of column `index` of the current row.
  private func column(_ index: Int32) -> SQLValue {
    switch sqlite3_column_type(handle, index) {
    case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, index))
    case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, index))
    case SQLITE_TEXT:
      let count = Int(sqlite3_column_bytes(handle, index))
      guard let bytes = sqlite3_column_text(handle, index) else { return .text("") }
      return .text(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
    case SQLITE_BLOB:
      let count = Int(sqlite3_column_bytes(handle, index))
      guard let bytes = sqlite3_column_blob(handle, index) else { return .blob([]) }
      return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
    default: return .null
    }
  }

  /// `SQLITE_TRANSIENT`, which Swift does not import: SQLite copies the bound bytes at once.
  private static var transient: sqlite3_destructor_type {
    unsafeBitCast(-1, to: sqlite3_destructor_type.self)
  }
}
