import CSQLite
import Foundation

/// The library in one SQLite file (WAL, busy timeout, `BEGIN IMMEDIATE` writes).
///
/// The file is opened on first use. Reading a missing library finds it empty and creates
/// nothing; the first write creates it and its folders. A file that is not a bookclub
/// library, is damaged, or has a newer schema is refused before anything is written to it.
public actor SQLiteLibrary: Library {
  public nonisolated let path: String
  private var connection: SQLiteConnection?

  /// How long a write waits for another process's write before giving up.
  static let busyTimeoutMilliseconds: Int32 = 10_000

  public init(path: String) {
    self.path = path
  }

  /// The open connection for reading, or `nil` when the library does not exist yet.
  func connectionForReading() throws(LibraryError) -> SQLiteConnection? {
    if let connection { return connection }
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    return try open(create: false)
  }

  /// The open connection for writing, creating the library first when it does not exist.
  func connectionForWriting() throws(LibraryError) -> SQLiteConnection {
    if let connection { return connection }
    let folder = (path as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw .cannotOpen(path: path, detail: "cannot create the folder '\(folder)'")
    }
    return try open(create: true)
  }

  private func open(create: Bool) throws(LibraryError) -> SQLiteConnection {
    do {
      let connection = try SQLiteConnection(path: path, create: create)
      try prepare(connection)
      self.connection = connection
      return connection
    } catch let error as LibraryError {
      throw error
    } catch let error as SQLiteError {
      throw libraryError(error)
    } catch {
      throw .storage(path: path, detail: error.localizedDescription)
    }
  }

  /// Sets the connection up and checks (and migrates) what it opened.
  func prepare(_ connection: SQLiteConnection) throws {
    try connection.execute(
      "PRAGMA busy_timeout = \(Self.busyTimeoutMilliseconds); PRAGMA foreign_keys = ON")
    try checkAndMigrate(connection)
  }

  /// Refuses files that are not bookclub libraries; brings older ones up to date.
  ///
  /// Only reads happen until the file is known to be a bookclub library (or a new, empty
  /// database): a stranger's file is never written.
  private func checkAndMigrate(_ connection: SQLiteConnection) throws {
    let applicationID = try connection.scalarInt("PRAGMA application_id") ?? 0
    // Only a file without bookclub's mark needs looking into: an empty database is new.
    let isOurs = applicationID == Schema.applicationID
    let isEmpty =
      try !isOurs && applicationID == 0
      && connection.scalarInt("SELECT count(*) FROM sqlite_master") == 0
    guard isOurs || isEmpty else {
      throw LibraryError.notALibrary(path: path)
    }
    if applicationID == Schema.applicationID {
      let version = try schemaVersion(connection)
      if version > Schema.currentVersion {
        throw LibraryError.newerSchema(
          path: path, found: version, supported: Schema.currentVersion)
      }
      if version == Schema.currentVersion { return }
    }
    try connection.writeTransaction {
      // Checked again under the write lock: another process may have migrated meanwhile.
      let current =
        try connection.scalarInt("PRAGMA application_id") == Schema.applicationID
        ? schemaVersion(connection) : 0
      for applied in current..<max(current, Schema.currentVersion) {
        let migration = Schema.migrations[applied]
        try connection.execute(migration.sql)
        try migration.backfill?(connection)
        let record = try connection.prepare(
          "INSERT INTO schema_migrations (version, applied_ms) VALUES (?, ?)")
        try record.bind([.integer(Int64(applied + 1)), .integer(Date().milliseconds)])
        try record.step()
      }
      try connection.execute("PRAGMA application_id = \(Schema.applicationID)")
    }
    // Outside the transaction, as SQLite requires. If another process holds the file, it
    // stays in rollback-journal mode for now, which is just as safe.
    try? connection.execute("PRAGMA journal_mode = WAL")
  }

  private func schemaVersion(_ connection: SQLiteConnection) throws -> Int {
    Int(try connection.scalarInt("SELECT max(version) FROM schema_migrations") ?? 0)
  }

  /// A cached compiled statement for `sql` on `connection`.
  ///
  /// Callers `reset()` it when done, so no statement keeps a read snapshot open between calls.
  func statement(_ sql: String, on connection: SQLiteConnection) throws(SQLiteError)
    -> SQLiteStatement
  {
    try connection.statement(sql)
  }

  /// Runs `body` with the library's connection, mapping SQLite's errors to ``LibraryError``.
  func reading<T>(
    orIfMissing missing: T, _ body: (SQLiteConnection) throws -> T
  ) throws -> T {
    guard let connection = try connectionForReading() else { return missing }
    return try mapErrors { try body(connection) }
  }

  /// Runs `body` in a write transaction, creating the library when needed. Errors other
  /// than SQLite's (a draft that does not fit, say) pass through after the rollback.
  func writing<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
    let connection = try connectionForWriting()
    return try mapErrors { try connection.writeTransaction { try body(connection) } }
  }

  func mapErrors<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as SQLiteError {
      throw libraryError(error)
    }
  }

  private func libraryError(_ error: SQLiteError) -> LibraryError {
    if error.isBusy { return .busy(path: path) }
    if error.primaryCode == SQLITE_NOTADB { return .notALibrary(path: path) }
    if error.isDamage { return .damaged(path: path, detail: error.message) }
    if error.primaryCode == SQLITE_CANTOPEN {
      return .cannotOpen(path: path, detail: error.message)
    }
    return .storage(path: path, detail: error.message)
  }
}
