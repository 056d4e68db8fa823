import CSQLite

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One SQLite connection. Not thread-safe: owned by exactly one actor (``SQLiteLibrary``).
///
/// Statements are run only through ``run(_:_:)``, ``first(_:_:_:)``, ``forEach(_:_:_:)`` and
/// ``all(_:_:_:)``: each binds, steps and resets its statement in one place, also when a
/// step fails, so no statement keeps a read snapshot open or a half-run state between calls.
final class SQLiteConnection {
  /// How a file is opened.
  enum Mode {
    /// Reads only: no journal, no conversion, nothing created.
    case readOnly
    /// Reads a file nobody can write here (a read-only folder, where SQLite cannot make the
    /// WAL index it needs beside the file): no locks, no WAL index, the file as it is.
    case immutable
    /// Reads and writes an existing file.
    case readWrite
    /// Reads and writes, creating the file when missing.
    case create

    /// Whether the connection may write.
    var canWrite: Bool { self == .readWrite || self == .create }
  }

  /// The connection, for what this type does not wrap (``RowCapture``).
  let handle: OpaquePointer
  let path: String
  let mode: Mode
  /// Compiled statements by their SQL, reused across calls.
  private var statements: SQLiteStatementCache
  /// How deep the transactions opened by ``writeTransaction(_:)`` and
  /// ``readTransaction(_:)`` are nested: 0 outside any, 1 in one, 2 in a savepoint of it.
  private var transactionDepth = 0
  /// Whether the outermost open transaction writes.
  private var outermostWrites = false

  /// SQLite set up for bookclub, once, before the first connection: no memory statistics
  /// (a mutex around every allocation SQLite makes, for numbers never read).
  private static let configured: Void = { _ = bookclub_sqlite3_disable_memstatus() }()

  /// Opens a database file.
  ///
  /// Opening reads nothing and writes nothing; problems with the file surface on first use.
  ///
  /// - Parameter statementCapacity: How many compiled statements are kept for reuse.
  init(
    path: String, mode: Mode,
    statementCapacity: Int = SQLiteStatementCache.defaultCapacity
  ) throws(SQLiteError) {
    Self.configured
    var handle: OpaquePointer?
    let flags: Int32 =
      switch mode {
      case .readOnly: SQLITE_OPEN_READONLY
      case .immutable: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
      case .readWrite: SQLITE_OPEN_READWRITE
      case .create: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
      }
    let name = mode == .immutable ? Self.immutableURI(path) : path
    let code = sqlite3_open_v2(name, &handle, flags | SQLITE_OPEN_NOMUTEX, nil)
    guard code == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close_v2(handle)
      throw SQLiteError(code: code, message: message, sql: nil, systemError: errno)
    }
    self.handle = handle
    self.path = path
    self.mode = mode
    self.statements = SQLiteStatementCache(capacity: statementCapacity)
    sqlite3_extended_result_codes(handle, 1)
    sqlite3_busy_handler(handle, waitWhileBusy, nil)
    sqlite3_progress_handler(handle, 1_000, stopWhenCancelled, nil)
  }

  /// `file:<path>?immutable=1`, every byte of the path that is not plainly safe in a URI
  /// escaped (SQLite reads `?`, `#` and `%` in a URI's path specially).
  private static func immutableURI(_ path: String) -> String {
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-~".utf8)
    var uri = "file:"
    for byte in path.utf8 {
      if safe.contains(byte) {
        uri.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        uri += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return uri + "?immutable=1"
  }

  /// Opens a private database on disk that SQLite deletes as it opens it (the empty name),
  /// so that nothing of it is left when the process is killed.
  static func anonymous() throws(SQLiteError) -> SQLiteConnection {
    try SQLiteConnection(path: "", mode: .create)
  }

  /// Opens a private database in memory, for work that must leave every file untouched.
  static func inMemory() throws(SQLiteError) -> SQLiteConnection {
    try SQLiteConnection(path: ":memory:", mode: .create)
  }

  deinit {
    statements.removeAll()  // finalized before the connection closes
    sqlite3_close_v2(handle)
  }

  /// Runs one or more statements that take no parameters and return no rows.
  func execute(_ sql: String) throws(SQLiteError) {
    try checkTransactionIsOpen(sql)
    try executeUnchecked(sql)
  }

  /// Runs SQL without asking whether the transaction it belongs to is still open: for the
  /// statements that begin and end transactions.
  func executeUnchecked(_ sql: String) throws(SQLiteError) {
    let code = sqlite3_exec(handle, sql, nil, nil, nil)
    guard code == SQLITE_OK else { throw lastError(code, sql: sql) }
  }

  /// Runs one statement that returns no rows.
  func run(_ sql: String, _ parameters: [SQLiteValue?] = []) throws {
    try withStatement(sql, parameters) { statement in
      while try statement.step() {}
    }
  }

  /// The first row's values read by `read`, or `nil` when there is no row.
  func first<T>(
    _ sql: String, _ parameters: [SQLiteValue?] = [], _ read: (SQLiteRow) throws -> T
  ) throws -> T? {
    try withStatement(sql, parameters) { statement in
      try statement.step() ? try read(SQLiteRow(statement)) : nil
    }
  }

  /// Calls `body` with each row, in order.
  func forEach(
    _ sql: String, _ parameters: [SQLiteValue?] = [], _ body: (SQLiteRow) throws -> Void
  ) throws {
    try withStatement(sql, parameters) { statement in
      while try statement.step() { try body(SQLiteRow(statement)) }
    }
  }

  /// Every row's values read by `read`, in order.
  func all<T>(
    _ sql: String, _ parameters: [SQLiteValue?] = [], _ read: (SQLiteRow) throws -> T
  ) throws -> [T] {
    var rows: [T] = []
    try forEach(sql, parameters) { rows.append(try read($0)) }
    return rows
  }

  /// The first column of the first row as an integer.
  func integer(_ sql: String, _ parameters: [SQLiteValue?] = []) throws -> Int64? {
    try first(sql, parameters) { $0.optionalInt64(0) } ?? nil
  }

  /// Binds, hands the statement to `body`, and resets it however `body` ends. A statement
  /// that failed is dropped from the cache, so a broken state is never reused.
  private func withStatement<T>(
    _ sql: String, _ parameters: [SQLiteValue?], _ body: (SQLiteStatement) throws -> T
  ) throws -> T {
    try checkTransactionIsOpen(sql)
    let statement = try statement(for: sql)
    statement.isRunning = true
    defer {
      statement.isRunning = false
      statement.reset()
    }
    do {
      try statement.bind(parameters)
      return try body(statement)
    } catch let error as SQLiteError {
      statements.remove(sql, ifItIs: statement)
      throw error.with(sql: sql)
    }
  }

  /// The statement kept for `sql`, or a newly compiled one, kept. A statement already running
  /// (the same SQL run again while its rows are read) gets a copy of its own, not kept.
  private func statement(for sql: String) throws(SQLiteError) -> SQLiteStatement {
    if let kept = statements.statement(for: sql) {
      return kept.isRunning ? try compile(sql) : kept
    }
    let compiled = try compile(sql)
    statements.keep(compiled, for: sql)
    return compiled
  }

  private func compile(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    var compiled: OpaquePointer?
    let code = sqlite3_prepare_v3(handle, sql, -1, 0, &compiled, nil)
    guard code == SQLITE_OK, let compiled else { throw lastError(code, sql: sql) }
    return SQLiteStatement(compiled, connection: self)
  }

  /// Runs `body` inside `BEGIN IMMEDIATE ... COMMIT`, rolling back when it throws; inside
  /// another write transaction, inside a savepoint of it.
  ///
  /// `IMMEDIATE` takes the write lock up front, so two processes never both read, then both
  /// write, and one fail half-way: the second waits (busy timeout) before reading. Nested,
  /// `body` runs between `SAVEPOINT` and `RELEASE`: when it throws, only its own changes
  /// are rolled back (`ROLLBACK TO`), and a caller that catches the error keeps the rest of
  /// the outer transaction.
  ///
  /// - Throws: What `body` throws; `SQLITE_MISUSE` inside a read transaction, whose
  ///   snapshot may be older than the latest write.
  func writeTransaction<T>(_ body: () throws -> T) throws -> T {
    guard transactionDepth > 0 else {
      return try transaction("BEGIN IMMEDIATE", writes: true, body)
    }
    guard outermostWrites else {
      throw SQLiteError(
        code: SQLITE_MISUSE, message: "a write transaction inside a read transaction", sql: nil)
    }
    return try savepoint(body)
  }

  /// Runs `body` inside one read transaction, so queries of several tables see one
  /// snapshot of the library; inside another transaction, in that one.
  func readTransaction<T>(_ body: () throws -> T) throws -> T {
    guard !isInTransaction else { return try body() }  // already in one
    return try transaction("BEGIN DEFERRED", writes: false, body)
  }

  private func transaction<T>(_ begin: String, writes: Bool, _ body: () throws -> T) throws
    -> T
  {
    try executeUnchecked(begin)
    transactionDepth = 1
    outermostWrites = writes
    defer { transactionDepth = 0 }
    do {
      let result = try body()
      try executeUnchecked("COMMIT")
      return result
    } catch {
      if isInTransaction { try? executeUnchecked("ROLLBACK") }
      throw error
    }
  }

  private func savepoint<T>(_ body: () throws -> T) throws -> T {
    transactionDepth += 1
    defer { transactionDepth -= 1 }
    let name = "bookclub_\(transactionDepth)"
    try execute("SAVEPOINT \(name)")
    do {
      let result = try body()
      try execute("RELEASE \(name)")
      return result
    } catch {
      // ROLLBACK TO leaves the savepoint open; RELEASE then ends it, and the outer
      // transaction is as it was before SAVEPOINT.
      if isInTransaction { try? executeUnchecked("ROLLBACK TO \(name); RELEASE \(name)") }
      throw error
    }
  }

  /// Refuses a statement of a transaction that SQLite has already rolled back whole (a full
  /// disk or an I/O error can), which would otherwise run outside any transaction, commit at
  /// once, and leave half of the caller's change behind.
  private func checkTransactionIsOpen(_ sql: String) throws(SQLiteError) {
    guard transactionDepth > 0, !isInTransaction else { return }
    throw SQLiteError(
      code: SQLITE_ABORT, message: "the transaction was rolled back by an earlier error",
      sql: sql)
  }

  /// Runs `body` with a page cache of 64 MiB, then SQLite's size again: room for a bulk
  /// write's index pages (an import, a sync of many books), which with SQLite's 2 MiB are
  /// written out to the log and read back many times over. A page read stays small.
  func withLargeCache<T>(_ body: () throws -> T) throws -> T {
    try withCache(kibibytes: 65_536, body)
  }

  /// Runs `body` with a page cache of `kibibytes`, then the size from before.
  ///
  /// SQLite's sorter (`CREATE INDEX`, `ORDER BY` without an index) keeps as much as the
  /// cache in memory before it writes its runs to temporary files.
  func withCache<T>(kibibytes: Int, _ body: () throws -> T) throws -> T {
    let cacheSize = try integer("PRAGMA cache_size") ?? -2000
    try execute("PRAGMA cache_size = -\(kibibytes)")
    defer { try? execute("PRAGMA cache_size = \(cacheSize)") }
    return try body()
  }

  /// Copies this database, whole, into `other` (SQLite's online backup).
  func copy(into other: SQLiteConnection) throws(SQLiteError) {
    guard let backup = sqlite3_backup_init(other.handle, "main", handle, "main") else {
      throw other.lastError(sqlite3_errcode(other.handle), sql: nil)
    }
    let code = sqlite3_backup_step(backup, -1)
    sqlite3_backup_finish(backup)
    guard code == SQLITE_DONE else { throw lastError(code, sql: nil) }
  }

  var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// How many rows the last statement inserted, changed or deleted.
  var changes: Int { Int(sqlite3_changes(handle)) }

  /// Whether a statement is part-way through a run (holding a read snapshot or a lock).
  var hasRunningStatements: Bool {
    var statement = sqlite3_next_stmt(handle, nil)
    while let current = statement {
      if sqlite3_stmt_busy(current) != 0 { return true }
      statement = sqlite3_next_stmt(handle, current)
    }
    return false
  }

  /// How many compiled statements are kept for reuse.
  var cachedStatementCount: Int { statements.count }

  /// Whether a compiled statement is kept for `sql`.
  func isCaching(_ sql: String) -> Bool { statements.contains(sql) }

  /// Whether a transaction is open (SQLite is not in autocommit mode).
  var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

  /// Whether ``writeTransaction(_:)`` is part-way through running its body.
  var isInWriteTransaction: Bool { transactionDepth > 0 && outermostWrites }

  func lastError(_ code: Int32, sql: String?) -> SQLiteError {
    SQLiteError(
      code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql,
      systemError: sqlite3_system_errno(handle))
  }
}

/// How long a write waits for another process's write, in steps of 10 ms; the wait ends at
/// once when the task waiting is cancelled (Ctrl-C during an import), so cancelling never
/// waits out the lock. The sleep blocks the thread: ``SQLiteLibrary`` runs its connection on
/// a queue of its own (``SQLiteExecutor``), not on Swift's cooperative pool.
private let waitWhileBusy: @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32 = {
  _, attempts in
  guard !Task.isCancelled, attempts < SQLiteConnection.busyAttempts else { return 0 }
  usleep(10_000)
  return 1
}

/// Asked every thousand steps of a statement: whether the task running it was cancelled. A
/// long read (a common word searched across a million books) then ends at once with
/// `SQLITE_INTERRUPT`, which the library reports as `CancellationError`.
private let stopWhenCancelled: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { _ in
  Task.isCancelled ? 1 : 0
}

extension SQLiteConnection {
  /// 10 s of 10 ms waits.
  static let busyAttempts: Int32 = 1_000
}
