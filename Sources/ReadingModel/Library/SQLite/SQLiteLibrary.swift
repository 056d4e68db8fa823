import CSQLite

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
  private let systemLink = Glibc.link
#elseif canImport(Darwin)
  import Darwin
  private let systemLink = Darwin.link
#endif

/// The library in one SQLite file (WAL, busy timeout, `BEGIN IMMEDIATE` writes).
///
/// The file is opened on first use: read-only for reads, read-write once something is
/// written. Reading a missing library finds it empty and creates nothing; the first write
/// creates it, whole, and its folders. A path that is not a regular file, an empty file, a
/// file that is not a bookclub library, or a newer schema is refused before anything is
/// written. Once damage is seen, the library is marked and never written again until
/// ``repair()``.
public actor SQLiteLibrary: Library {
  public nonisolated let path: String
  /// Runs the library's work, which waits on SQLite and the disk, off the cooperative pool.
  private let executor = SQLiteExecutor(label: "bookclub.library")
  private var connection: SQLiteConnection?
  /// Whether the file was found to be a bookclub library: damage seen after that is the
  /// library's, and is recorded.
  private var isVerified = false
  /// The library's path with symbolic links resolved, once it was opened.
  private var realPath: String?
  /// The columns of each table a change's snapshot reads, read once per connection.
  var snapshotColumns: [String: SnapshotColumns] = [:]

  /// How many records the record of changes keeps (``trimRecord(after:on:)``).
  let keptChanges: Int64

  public init(path: String) {
    self.init(path: path, keptChanges: 1_000)
  }

  /// - Parameter keptChanges: How many records the record of changes keeps (fewer in tests).
  init(path: String, keptChanges: Int64) {
    self.path = path
    self.keptChanges = max(10, keptChanges)
  }

  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  /// The open connection for reading, or `nil` when the library does not exist yet.
  func connectionForReading() throws -> SQLiteConnection? {
    if let connection { return connection }
    guard case .regular(let realPath, let size) = try LibraryFile.inspect(path) else {
      return nil
    }
    guard size > 0 else { throw LibraryError.emptyFile(path: path) }
    return try open(realPath, mode: LibraryFile.readMode(realPath))
  }

  /// The open connection for writing, creating the library first when it does not exist.
  func connectionForWriting() throws -> SQLiteConnection {
    if let connection, connection.mode.canWrite { return connection }
    var file = try LibraryFile.inspect(path)
    if case .missing = file {
      try create()
      file = try LibraryFile.inspect(path)
    }
    return try openForWriting(file)
  }

  /// Opens `file`, as ``LibraryFile/inspect(_:)`` found the library, for writing.
  private func openForWriting(_ file: LibraryFile) throws -> SQLiteConnection {
    guard case .regular(let realPath, let size) = file else {
      throw LibraryError.cannotOpen(path: path, detail: "it disappeared while being created")
    }
    guard size > 0 else { throw LibraryError.emptyFile(path: path) }
    guard LibraryFile.isWritable(realPath) else { throw LibraryError.readOnly(path: path) }
    guard !LibraryFile.isMarkedDamaged(realPath) else {
      throw LibraryError.markedDamaged(path: path)
    }
    connection = nil  // a read-only connection gives way
    return try open(realPath, mode: .readWrite)
  }

  /// Opens an existing library for writing now, so that a command which reads and then
  /// writes does both on one connection (one open, one read of the schema). A missing
  /// library stays missing, and a library that cannot be written is left to the write to
  /// report: this only saves work.
  public func prepareToWrite() {
    guard connection?.mode.canWrite != true, let file = try? LibraryFile.inspect(path),
      case .regular = file
    else { return }
    _ = try? openForWriting(file)
  }

  /// Makes a new library beside `path` and links it into place, so no process ever sees a
  /// half-made library; when another process made one first, that one is used.
  private func create() throws {
    let folder = PathName.folder(of: path)
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw LibraryError.cannotOpen(path: path, detail: "cannot create the folder '\(folder)'")
    }
    let temporary = "\(path).new-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    defer { for suffix in ["", "-journal", "-wal", "-shm"] { unlink(temporary + suffix) } }
    try mapErrors {
      // The schema goes straight into the file (a rollback journal, not a WAL), so a full
      // disk fails the transaction here instead of leaving the schema in a WAL that the
      // link below would leave behind.
      let fresh = try SQLiteConnection(path: temporary, mode: .create)
      try prepare(fresh)
      try fresh.execute("PRAGMA journal_mode = WAL")
    }
    if systemLink(temporary, path) != 0, errno != EEXIST {
      throw errno == EACCES || errno == EROFS || errno == EPERM
        ? LibraryError.readOnly(path: path)
        : LibraryError.cannotOpen(path: path, detail: String(cString: strerror(errno)))
    }
  }

  private func open(_ realPath: String, mode: SQLiteConnection.Mode) throws -> SQLiteConnection {
    self.realPath = realPath
    return try mapErrors {
      var connection = try SQLiteConnection(path: realPath, mode: mode)
      let needed = try check(connection)
      if needed == .migrations || (needed == .refolding && canRefold(realPath)) {
        // An older library is brought up to date: the one write a read may make. (Keys of
        // another folding in a library that cannot be written are read as they are.)
        guard !LibraryFile.isMarkedDamaged(realPath) else {
          throw LibraryError.markedDamaged(path: path)
        }
        guard LibraryFile.isWritable(realPath) else { throw LibraryError.readOnly(path: path) }
        connection = try SQLiteConnection(path: realPath, mode: .readWrite)
        try verify(connection)
        try upgrade(connection, migrating: needed == .migrations)
      }
      self.connection = connection
      snapshotColumns = [:]
      return connection
    }
  }

  /// What an open library still needs written before it is current.
  private enum Upgrade {
    case none
    /// Migrations it lacks.
    case migrations
    /// Only keys made by another folding.
    case refolding
  }

  /// Refuses files that are not bookclub libraries, and brings older ones up to date when
  /// the connection can write.
  ///
  /// Only reads happen until the file is known to be a bookclub library: a stranger's file
  /// is never written. The record of migrations is read once here; a migration reads it
  /// again only under its write lock (another process may have migrated meanwhile).
  ///
  /// - Returns: What the library still needs written: `.none` once it is current, else
  ///   what `connection` cannot write.
  @discardableResult
  private func check(_ connection: SQLiteConnection) throws -> Upgrade {
    try verify(connection)
    let record = try MigrationRecord(reading: connection, of: path)
    try refuseUnknown(record)
    guard connection.mode.canWrite else {
      if !record.pending.isEmpty { return .migrations }
      return try Self.keysNeedRefolding(on: connection) ? .refolding : .none
    }
    try upgrade(connection, migrating: !record.pending.isEmpty)
    return .none
  }

  /// Refuses a file that is not a bookclub library, and sets up the connection to it.
  private func verify(_ connection: SQLiteConnection) throws {
    let applicationID = try connection.integer("PRAGMA application_id") ?? 0
    guard applicationID == Schema.applicationID else {
      throw LibraryError.notALibrary(path: path)
    }
    isVerified = true
    try connection.execute("PRAGMA foreign_keys = ON")
    // Statement journals (a statement that fires triggers or checks keys keeps one) stay in
    // memory instead of a temporary file per statement: a write of one book journals a few
    // hundred KiB of index pages, and in a file past SQLite's 64 KiB a sync join of 10,000
    // books made 830,000 writes. A bulk import keeps them in files (`writingInBulk`).
    try connection.execute("PRAGMA temp_store = MEMORY")
  }

  /// Runs the migrations the library lacks (when `migrating`), then refolds keys made by
  /// another folding, on a connection that can write.
  private func upgrade(_ connection: SQLiteConnection, migrating: Bool) throws {
    if migrating { try migrate(connection, besideRepairs: true) }
    guard try Self.keysNeedRefolding(on: connection) else { return }
    try Self.refoldKeys(on: connection) { try self.writeTransaction(on: connection, $0) }
  }

  /// Whether the library at `realPath` may be written to refold its keys.
  private func canRefold(_ realPath: String) -> Bool {
    LibraryFile.isWritable(realPath) && !LibraryFile.isMarkedDamaged(realPath)
  }

  /// Refuses a library that a newer bookclub migrated: its tables are not what this one
  /// would read and write.
  private func refuseUnknown(_ record: MigrationRecord) throws {
    if !record.unnamedVersions.isEmpty {
      throw LibraryError.newerSchema(
        path: path, found: record.highestVersion, supported: Schema.currentVersion)
    }
    let unknown = record.unknownNames
    guard unknown.isEmpty else { throw LibraryError.unknownMigrations(path: path, names: unknown) }
  }

  /// Sets up a new database as a library: the schema, then bookclub's mark.
  func prepare(_ connection: SQLiteConnection) throws {
    try connection.execute("PRAGMA foreign_keys = ON")
    if try connection.integer("PRAGMA application_id") == Schema.applicationID {
      try check(connection)
    } else {
      try migrate(connection, besideRepairs: false)
      try Self.refoldKeys(on: connection, inTransaction: connection.writeTransaction)
    }
  }

  /// Runs the migrations the library lacks, in one transaction.
  ///
  /// - Parameter besideRepairs: Whether `connection` is the library's, whose writes take
  ///   turns with `repair`; a new file of its own is not.
  private func migrate(_ connection: SQLiteConnection, besideRepairs: Bool) throws {
    let transaction: (() throws -> Void) throws -> Void =
      besideRepairs
      ? { try self.writeTransaction(on: connection, $0) } : connection.writeTransaction
    try transaction {
      // Checked again under the write lock: another process may have migrated meanwhile.
      var record =
        try connection.integer("PRAGMA application_id") == Schema.applicationID
        ? MigrationRecord(reading: connection, of: path) : MigrationRecord()
      try refuseUnknown(record)
      for migration in record.pending {
        try connection.execute(migration.sql)
        try migration.backfill?(connection)
        try record.record(migration, on: connection)
      }
      try connection.execute("PRAGMA application_id = \(Schema.applicationID)")
    }
  }

  /// Closes the connection, so the next use opens the file afresh.
  func close() {
    connection = nil
    snapshotColumns = [:]
  }

  /// Runs `body` in one read transaction on the library's connection, mapping SQLite's
  /// errors to ``LibraryError``; `missing` when the library does not exist yet.
  func reading<T>(
    orIfMissing missing: T, _ body: (SQLiteConnection) throws -> T
  ) throws -> T {
    guard let connection = try connectionForReading() else { return missing }
    return try mapErrors { try connection.readTransaction { try body(connection) } }
  }

  /// Runs `body` in a write transaction, creating the library when needed. Errors other
  /// than SQLite's (a draft that does not fit, say) pass through after the rollback.
  func writing<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
    let connection = try connectionForWriting()
    return try mapErrors { try writeTransaction(on: connection) { try body(connection) } }
  }

  /// Runs `body` in a write transaction (``writing(_:)``) whose temporary storage is in
  /// files: statement journals past 64 KiB and temporary tables. A bulk import's flush moves
  /// ten thousand books into the sixteen indexes of `books` at once, and its statement
  /// journal holds every index page it touches: in memory, an import of 300,000 books
  /// peaked at 305 MiB, in files at 153 MiB, in the same time.
  func writingInBulk<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
    let connection = try connectionForWriting()
    // The setting can change only outside a transaction; it drops the temporary schema,
    // which holds nothing between writes.
    guard !connection.isInWriteTransaction else { return try writing(body) }
    try mapErrors { try connection.execute("PRAGMA temp_store = FILE") }
    defer { try? connection.execute("PRAGMA temp_store = MEMORY") }
    return try writing(body)
  }

  /// Runs `body` in a write transaction of the library's `connection` that holds the
  /// library's lock shared, so that it never runs while a repair does (``LibraryLock``).
  ///
  /// When a repair holds the lock, the transaction rolls back before `body` runs, waits for
  /// the repair to end, and starts again on the repaired library. Inside another write,
  /// `body` runs in a savepoint of it (``SQLiteConnection/writeTransaction(_:)``).
  private func writeTransaction<T>(on connection: SQLiteConnection, _ body: () throws -> T)
    throws -> T
  {
    // Inside another write: a savepoint of it, under the lock the outer one holds.
    if connection.isInWriteTransaction { return try connection.writeTransaction(body) }
    let lockPath = LibraryLock.path(of: realPath ?? path)
    while true {
      var lock: LibraryLock?
      let result: T? = try connection.writeTransaction {
        lock = try LibraryLock.attempt(.shared, at: lockPath, library: path)
        guard lock != nil else { return nil }
        return try body()
      }
      if let result {
        extendLifetime(lock)  // released only once the transaction has committed
        return result
      }
      _ = try LibraryLock.wait(
        .shared, at: lockPath, library: path, timeout: .beingRepaired(path: path))
    }
  }

  /// Runs `body`, turning SQLite's errors into ``LibraryError`` (and a wait for the lock or
  /// a statement that was cancelled into `CancellationError`), and recording damage.
  func mapErrors<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as SQLiteError {
      if error.isBusy, Task.isCancelled { throw CancellationError() }
      if error.primaryCode == SQLITE_INTERRUPT { throw CancellationError() }
      throw libraryError(error)
    }
  }

  private func libraryError(_ error: SQLiteError) -> LibraryError {
    if error.isBusy { return .busy(path: path) }
    if error.isDamage {
      guard isVerified else { return .notALibrary(path: path) }
      LibraryFile.markDamaged(realPath ?? path, detail: error.message)
      return .damaged(path: path, detail: error.message)
    }
    switch (error.primaryCode, error.systemError) {
    case (SQLITE_FULL, _), (_, ENOSPC): return .diskFull(path: path)
    case (SQLITE_READONLY, _), (_, EROFS): return .readOnly(path: path)
    case (SQLITE_CANTOPEN, _), (SQLITE_PERM, _), (SQLITE_AUTH, _):
      return .cannotOpen(
        path: path,
        detail: error.systemError == EACCES ? "permission denied" : error.message)
    default:
      return .storage(path: path, detail: Self.verbose ? error.description : error.message)
    }
  }

  /// Whether errors name the SQL behind them (`BOOKCLUB_VERBOSE=1`).
  nonisolated static var verbose: Bool {
    ProcessEnvironment.value("BOOKCLUB_VERBOSE") == "1"
  }
}
