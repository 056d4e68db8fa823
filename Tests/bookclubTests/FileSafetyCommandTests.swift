import CSQLite
import Foundation
import ReadingModel
import TestSupport
import Testing

/// Writes replace only what bookclub may replace, read commands write nothing, a damaged
/// library is never written, and failed output is an error.
@Suite struct FileSafetyCommandTests {
  let home = TestHome()
  var library: String { home.path("library.sqlite") }

  @discardableResult
  func run(_ arguments: [String], library: String? = nil, environment: [String: String] = [:])
    async throws -> BookclubProcess.Result
  {
    try await home.bookclub.run(
      arguments,
      extraEnvironment: ["BOOKCLUB_LIBRARY": library ?? self.library].merging(environment) { $1 })
  }

  func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

  @Test func exportWritesThroughLinksFIFOsAndDevicesAndRefusesFolders() async throws {
    try await run(["add", "Emma", "-a", "Jane Austen"])
    // A symbolic link (a dotfile manager's) keeps pointing at its target, which is replaced.
    let target = home.path("real-backup.json")
    try "old".write(toFile: target, atomically: false, encoding: .utf8)
    let link = home.path("backup.json")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    #expect(try await run(["export", "-o", link]).status == 0)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
    #expect(try String(contentsOfFile: target, encoding: .utf8).contains("\"Emma\""))
    // A FIFO is written through, to whoever reads it.
    let fifo = home.path("pipe")
    #expect(mkfifo(fifo, 0o600) == 0)
    // Read on a thread of its own: opening a FIFO blocks until its writer comes, and a pool
    // thread blocked there (two on a two-core machine) stops other tests' tasks.
    let reader = Task {
      try await OwnThread.run { Self.readAll(fifo) }
    }
    let throughFIFO = try await run(["export", "-o", fifo])
    #expect(throughFIFO.status == 0, "\(throughFIFO.stderr)")
    // A writer for a moment: the reader never waits on for an export that did not come.
    close(open(fifo, O_WRONLY | O_NONBLOCK))
    let received = try await reader.value
    #expect(String(decoding: received, as: UTF8.self).contains("\"Emma\""))
    var info = stat()
    #expect(stat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    // A character device stays one.
    #expect(try await run(["export", "-o", "/dev/null"]).status == 0)
    #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    // A folder is refused, and left alone.
    let folder = home.path("folder")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let refused = try await run(["export", "-o", folder])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("it is a folder"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }

  /// Everything written into the FIFO at `path` until its writer closes it (blocking).
  static func readAll(_ path: String) -> Data {
    let descriptor = open(path, O_RDONLY)
    defer { close(descriptor) }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while case let count = read(descriptor, &buffer, buffer.count), count > 0 {
      data.append(contentsOf: buffer[..<count])
    }
    return data
  }

  @Test func settingsThroughASymbolicLinkKeepTheLink() async throws {
    let config = home.url.appendingPathComponent("config/bookclub")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    let dotfiles = home.path("dotfiles-settings.json")
    try "{\"futureKey\": 12345678901234567890, \"nested\": {\"b\": [1.50, 2e3]}}\n".write(
      toFile: dotfiles, atomically: false, encoding: .utf8)
    let settings = config.appendingPathComponent("settings.json").path
    try FileManager.default.createSymbolicLink(atPath: settings, withDestinationPath: dotfiles)
    #expect(try await run(["settings", "set", "pageSize", "50"]).status == 0)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: settings) == dotfiles)
    let text = try String(contentsOfFile: dotfiles, encoding: .utf8)
    #expect(text.contains("\"pageSize\": 50"))
    // Keys bookclub does not know, byte for byte.
    #expect(text.contains("\"futureKey\": 12345678901234567890"))
    #expect(text.contains("\"nested\": {\"b\": [1.50, 2e3]}"))
    // A FIFO where the settings should be is refused, not read (which would block).
    try FileManager.default.removeItem(atPath: settings)
    #expect(mkfifo(settings, 0o600) == 0)
    let blocked = try await run(["settings", "get", "pageSize"])
    #expect(blocked.status == 1)
    #expect(blocked.stderr.contains("it is not a regular file"))
  }

  @Test func readCommandsOpenTheLibraryReadOnly() async throws {
    // A zero-length file and another program's empty database are refused, not converted.
    let empty = home.path("empty.sqlite")
    try Data().write(to: URL(fileURLWithPath: empty))
    for command in [["list"], ["add", "x", "-a", "y"]] {
      let result = try await run(command, library: empty)
      #expect(result.status == 1)
      #expect(result.stderr.contains("is an empty file, not a bookclub library"))
    }
    #expect(try bytes(empty).isEmpty)
    let other = home.path("other.sqlite")
    var handle: OpaquePointer?
    sqlite3_open(other, &handle)
    sqlite3_exec(handle, "PRAGMA user_version = 3; VACUUM;", nil, nil, nil)
    sqlite3_close(handle)
    let otherBefore = try bytes(other)
    #expect(try await run(["list"], library: other).status == 1)
    #expect(try bytes(other) == otherBefore)
    // No journal beside a device.
    #expect(try await run(["list"], library: "/dev/null").status == 1)
    #expect(!FileManager.default.fileExists(atPath: "/dev/null-journal"))
    // A library is read without being written: same bytes, same modification time.
    try await run(["add", "Emma", "-a", "Jane Austen"])
    try await run(["list"])  // settles the WAL
    let attributes = try FileManager.default.attributesOfItem(atPath: library)
    let before = try bytes(library)
    for command in [["list"], ["show", "1"], ["progress", "show", "1"], ["export"], ["check"]] {
      #expect(try await run(command).status == 0, "\(command)")
    }
    #expect(try bytes(library) == before)
    #expect(
      try FileManager.default.attributesOfItem(atPath: library)[.modificationDate] as? Date
        == attributes[.modificationDate] as? Date)
  }

  @Test func failedWritesToStandardOutputAreErrors() async throws {
    try await run(["add", "Emma", "-a", "Jane Austen"])
    for command in [["export"], ["list", "--all", "--json"], ["list", "--all"]] {
      let result = try await runToDevFull(command)
      #expect(result.status == 1, "\(command)")
      #expect(result.stderr.contains("Could not write to standard output: No space left"))
    }
  }

  @Test func aFullDiskSaysSoAndChangesNothing() async throws {
    // A disk of 1 MiB (a new library takes 200 KiB), where the machine lets a test mount one
    // (root, in CI).
    let disk = home.path("tiny-disk")
    try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
    let mounted = try await home.bookclub.run(
      executable: URL(fileURLWithPath: "/bin/mount"),
      ["-t", "tmpfs", "-o", "size=1m", "tmpfs", disk])
    guard mounted.status == 0 else { return }
    defer { _ = umount(disk) }
    let library = disk + "/library.sqlite"
    #expect(try await run(["add", "First", "-a", "Me"], library: library).status == 0)
    let csv = home.path("books.csv")
    try GeneratedExport.goodreads(rows: 3000).write(toFile: csv, atomically: false, encoding: .utf8)
    let full = try await run(["import", csv], library: library)
    #expect(full.status == 1)
    #expect(full.stderr.contains("the disk is full. Nothing was changed; free some space"))
    let check = try await run(["check"], library: library)
    #expect(check.stdout.contains("is sound: 1 books"))
  }

  @Test func aLibraryThatCannotBeCreatedWhole() async throws {
    // 64 KiB cannot hold a new library's schema: nothing half-made may be left in place.
    let disk = home.path("tinier-disk")
    try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
    let mounted = try await home.bookclub.run(
      executable: URL(fileURLWithPath: "/bin/mount"),
      ["-t", "tmpfs", "-o", "size=64k", "tmpfs", disk])
    guard mounted.status == 0 else { return }
    defer { _ = umount(disk) }
    let added = try await run(["add", "First", "-a", "Me"], library: disk + "/library.sqlite")
    #expect(added.status == 1)
    #expect(added.stderr.contains("the disk is full"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: disk) == [])
  }

  @Test func aClosedPipeEndsTheCommandQuietly() async throws {
    let csv = home.path("books.csv")
    try GeneratedExport.goodreads(rows: 600).write(toFile: csv, atomically: false, encoding: .utf8)
    try await run(["import", csv])
    // `head` reads one byte and goes: the export meets a closed pipe.
    let result = try await home.bookclub.run(
      executable: URL(fileURLWithPath: "/bin/bash"),
      [
        "-c", "\"$0\" export --library \"$1\" | head -c 1 > /dev/null; echo ${PIPESTATUS[0]}",
        BookclubProcess.executable.path, library,
      ])
    #expect(result.stdout == "141\n")
    #expect(result.stderr.isEmpty)
  }

  /// Runs bookclub with its standard output on `/dev/full`.
  func runToDevFull(_ command: [String]) async throws -> BookclubProcess.Result {
    try await home.bookclub.run(
      executable: URL(fileURLWithPath: "/bin/sh"),
      ["-c", "exec \"$0\" \"$@\" > /dev/full", BookclubProcess.executable.path] + command
        + ["--library", library])
  }
}
