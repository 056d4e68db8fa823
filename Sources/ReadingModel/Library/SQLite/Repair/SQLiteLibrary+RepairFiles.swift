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

/// The files a repair makes beside the library, each made so that a repair killed at any
/// moment leaves the library as it was and nothing the next repair does not remove.
extension SQLiteLibrary {
  /// Copies the library file and its WAL, byte for byte, to `<library>.damaged-<time>`
  /// (and `-wal`): each is written under a temporary name and renamed into place whole, the
  /// WAL first, so a backup that exists is complete.
  ///
  /// - Returns: The backup's path.
  func keepBackup(of realPath: String, now: Date) throws -> String {
    let stamp = InterchangeDate.format(milliseconds: now.milliseconds).prefix(19)
      .filter { $0 != ":" && $0 != "-" }
    var backup = "\(realPath).damaged-\(stamp)"
    var number = 1
    while access(backup, F_OK) == 0 || access(backup + "-wal", F_OK) == 0 {
      number += 1  // two repairs within a second
      backup = "\(realPath).damaged-\(stamp)-\(number)"
    }
    do {
      var wal = stat()
      let walHasFrames = stat(realPath + "-wal", &wal) == 0 && wal.st_size > 0
      for suffix in walHasFrames ? ["-wal", ""] : [""] {
        try copyFile(realPath + suffix, to: backup + suffix)
      }
    } catch {
      throw LibraryError.cannotOpen(
        path: path, detail: "cannot keep a backup at '\(backup)' (\(error.explanation))")
    }
    return backup
  }

  /// Writes the repaired library into the library's own file, through SQLite, in one
  /// transaction: every process that has the library open sees the repaired one from its
  /// next transaction, and a repair killed half-way leaves the library as it was. (The file
  /// is never replaced: a process that has it open would go on writing into the old one,
  /// and its WAL, named for the library, would be taken for the new one's.)
  func write(_ fresh: SQLiteConnection, into realPath: String) throws {
    let live = try SQLiteConnection(path: realPath, mode: .readWrite)
    try fresh.copy(into: live)
    // The copy went into the WAL: it goes into the file now, when nobody is reading.
    try? live.execute("PRAGMA wal_checkpoint(TRUNCATE)")
  }
}

/// What a killed bookclub may have left beside a library, recognised by bookclub's own
/// names and removed only once the process that made it is gone.
enum RepairLitter {
  /// Removes, beside the library at `realPath`: the new library an earlier bookclub's
  /// repair did not finish (`.repair-<pid>`, and its journals), a library being created
  /// (`.new-<pid>-<n>`), a backup being written (`.damaged-<time>.tmp-<pid>-<n>`), and a
  /// backup's WAL or WAL index without its backup.
  static func remove(beside realPath: String) {
    let folder = PathName.folder(of: realPath)
    let base = PathName.lastComponent(of: realPath)
    let names = TemporaryFiles.names(in: folder)
    let present = Set(names)
    for name in names where name.hasPrefix(base + ".") {
      let rest = String(name.dropFirst(base.count + 1))
      guard isStale(rest, base: base, present: present) else { continue }
      TemporaryFiles.removeFile(folder + "/" + name)
    }
  }

  /// Whether `rest` (a name beside the library, after `<library>.`) is litter.
  private static func isStale(_ rest: String, base: String, present: Set<String>) -> Bool {
    var stem = Substring(rest)
    for journal in ["-journal", "-wal", "-shm"] where stem.hasSuffix(journal) {
      stem = stem.dropLast(journal.count)
    }
    if stem.hasPrefix("repair-"), let pid = pid_t(stem.dropFirst(7)) {
      return !TemporaryFiles.isRunning(pid)
    }
    if stem.hasPrefix("new-") {
      let parts = stem.dropFirst(4).split(separator: "-")
      guard parts.count == 2, let pid = pid_t(parts[0]), UInt32(parts[1]) != nil else {
        return false
      }
      return !TemporaryFiles.isRunning(pid)
    }
    guard stem.hasPrefix("damaged-") else { return false }
    if let tmp = rest.ranges(of: ".tmp-").last {
      let target = String(rest[..<tmp.lowerBound])
      let pid = TemporaryFiles.owner(of: rest, madeFor: target)
      return pid.map { !TemporaryFiles.isRunning($0) } ?? false
    }
    // A backup's WAL, or WAL index, without the backup (a repair killed between renames).
    guard rest.hasSuffix("-wal") || rest.hasSuffix("-shm") else { return false }
    return !present.contains("\(base).\(rest.dropLast(4))")
  }
}

/// Copies `source` to `target` through an ``AtomicFile/Writer``, keeping its mode.
private func copyFile(_ source: String, to target: String) throws {
  let input = open(source, O_RDONLY | O_CLOEXEC)
  guard input >= 0 else { throw FileError.cannotRead(source, reason: AtomicFile.lastError()) }
  defer { close(input) }
  var info = stat()
  fstat(input, &info)
  let writer = try AtomicFile.Writer(path: target, permissions: info.st_mode & 0o777)
  var buffer = [UInt8](repeating: 0, count: 1 << 20)
  while true {
    let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
    if count < 0, errno == EINTR { continue }
    guard count >= 0 else { throw FileError.cannotRead(source, reason: AtomicFile.lastError()) }
    guard count > 0 else { break }
    try writer.write(Data(buffer[..<count]))
  }
  try writer.commit()
}
