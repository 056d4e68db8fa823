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

extension SQLiteLibrary {
  /// Recovers a damaged library: keeps the damaged file as a dated backup, then copies every
  /// row that can still be read, table by table without the indexes, into a new library
  /// whose indexes are built afresh, and writes it into the old one's file. A damaged index
  /// loses nothing: its rows are all in its table.
  ///
  /// The repair holds the library's lock (``LibraryLock``) for its whole run, so no write
  /// happens between what it reads and what it writes: writers wait, then write into the
  /// repaired library. The repaired library is written into the library's own file through
  /// SQLite, in one transaction, so that every process that has it open (and its WAL) goes
  /// on with the repaired one. A repair that is killed leaves the library as it was, and
  /// nothing beside it that the next repair or check does not remove.
  ///
  /// - Parameter now: When the repair runs, for the backup's name.
  /// - Returns: Where the backup is, what was recovered and what could not be; `nil` when
  ///   the library was sound by the time the lock was held (another repair came first).
  /// - Throws: ``LibraryError`` when there is no library, it is read-only, another bookclub
  ///   kept it locked, or the new one cannot be written; the damaged library is then left
  ///   as it was.
  public func repair(now: Date = Date()) throws -> RepairReport? {
    guard case .regular(let realPath, let size) = try LibraryFile.inspect(path) else {
      throw LibraryError.cannotOpen(path: path, detail: "there is no library there")
    }
    guard size > 0 else { throw LibraryError.emptyFile(path: path) }
    guard LibraryFile.isWritable(realPath) else { throw LibraryError.readOnly(path: path) }
    close()
    // Polled often: writers leave the lock free only between their transactions.
    let lock = try LibraryLock.wait(
      .exclusive, at: LibraryLock.path(of: realPath), library: path, step: 1_000,
      timeout: .busy(path: path))
    defer { extendLifetime(lock) }
    RepairLitter.remove(beside: realPath)
    guard try check().isDamaged else { return nil }
    let backup = try keepBackup(of: realPath, now: now)
    var report = RepairReport(backup: backup, recovered: [:], lost: [])
    try mapErrors {
      let fresh = try recoveredCopy(of: realPath, report: &report)
      try write(fresh, into: realPath)
    }
    unlink(LibraryFile.damageMarker(of: realPath))
    return report
  }

  /// Copies every row of the library at `realPath` that can be read into a new, private
  /// database (deleted as it is opened, so a killed repair leaves nothing of it) with the
  /// library's schema (``RepairCopy``).
  private func recoveredCopy(of realPath: String, report: inout RepairReport) throws
    -> SQLiteConnection
  {
    let fresh = try SQLiteConnection.anonymous()
    let copy = RepairCopy(fresh: fresh)
    try copy.attach(realPath)
    try prepare(fresh)
    try copy.copyRows(report: &report)
    return fresh
  }
}
