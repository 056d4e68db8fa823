import Foundation
import TestSupport
import Testing

@testable import bookclub

#if canImport(Glibc)
  import Glibc
#endif

/// An export killed before it finished leaves its temporary file (`out.json.tmp-<pid>-<n>`);
/// the next export of the same file removes it, and nothing that is not bookclub's own or
/// whose writer still runs.
@Suite struct ExportTemporaryFileTests {
  let home = TestHome()
  var library: String { home.path("library.sqlite") }

  func run(_ arguments: [String]) async throws -> BookclubProcess.Result {
    try await home.bookclub.run(arguments, extraEnvironment: ["BOOKCLUB_LIBRARY": library])
  }

  func temporaryFiles(of name: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: home.url.path)
      .filter { $0.hasPrefix(name + ".tmp-") }.sorted()
  }

  /// The id of a process that has ended.
  func endedProcess() async throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/true")
    _ = try await BookclubProcess.waitForExit(of: process)
    return process.processIdentifier
  }

  @Test func aKilledExportsTemporaryFileIsRemovedByTheNextExport() async throws {
    let csv = home.path("books.csv")
    try GeneratedExport.goodreads(rows: 3000).write(toFile: csv, atomically: false, encoding: .utf8)
    #expect(try await run(["import", csv]).status == 0)
    let output = home.path("out.json")
    // Killed by the kernel in the middle of writing its file, whatever the machine's speed:
    // past 64 KiB (128 blocks of 512 bytes, the archive being far larger) a write raises
    // SIGXFSZ, which ends the program at once, as SIGKILL would. Started with every signal
    // at its default (the test's threads block some, and a blocked SIGXFSZ only fails the
    // write), and waited for on a thread of its own.
    let limited = #"ulimit -c 0; ulimit -f 128; exec "$0" "$@""#
    let arguments = [
      "/bin/sh", "-c", limited, BookclubProcess.executable.path, "export", "-o", output,
      "--library", library,
    ]
    let environment = home.bookclub.environment
    let export = try await OwnThread.run {
      Descriptors.closeOnExec()
      return try ChildProcess.run(arguments, environment: environment)
    }
    #expect(export == .signalled(SIGXFSZ))
    let left = try temporaryFiles(of: "out.json")
    try #require(!left.isEmpty, "the export was not killed before it finished")
    for name in left { try age(name) }
    let again = try await run(["export", "-o", output])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(try temporaryFiles(of: "out.json") == [])
    let archive = try Data(contentsOf: URL(fileURLWithPath: output))
    #expect(try JSONSerialization.jsonObject(with: archive) is [String: Any])
  }

  @Test func onlyTemporaryFilesOfEndedProcessesAreRemoved() async throws {
    #expect(try await run(["add", "Emma", "-a", "Jane Austen"]).status == 0)
    let ended = try await endedProcess()
    let running = getpid()
    let planted = [
      "out.json.tmp-\(ended)-17",  // bookclub's, its writer gone: removed
      "out.json.tmp-\(running)-18",  // bookclub's, its writer running: kept
      "out.json.tmp-notes",  // not bookclub's naming: kept
      "other.json.tmp-\(ended)-19",  // another file's: kept
    ]
    for name in planted {
      try Data("partial".utf8).write(to: home.url.appendingPathComponent(name))
      try age(name)
    }
    // Its writer gone, but written a minute ago: maybe another machine's, in a synced folder.
    let recent = "out.json.tmp-\(ended)-20"
    try Data("partial".utf8).write(to: home.url.appendingPathComponent(recent))
    let export = try await run(["export", "-o", home.path("out.json")])
    #expect(export.status == 0, "\(export.stderr)")
    let remaining = try FileManager.default.contentsOfDirectory(atPath: home.url.path)
    #expect(!remaining.contains(planted[0]))
    for name in planted.dropFirst() + [recent] {
      #expect(remaining.contains(name), "\(name) was removed")
    }
  }

  /// Makes the file `name` of the test's home two hours old.
  func age(_ name: String) throws {
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(-7200)],
      ofItemAtPath: home.url.appendingPathComponent(name).path)
  }
}
