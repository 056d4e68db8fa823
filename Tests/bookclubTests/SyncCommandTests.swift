import Foundation
import ReadingModel
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `bookclub sync` as a reader with three devices uses it (issue 27): three homes, the real
/// binary, a bare git repository or a plain shared folder; seeded random changes, synced in
/// random orders, some devices offline for a while; at the end every export is the same.
@Suite(.requires(.git))
struct SyncCommandTests {
  let shared = TestHome()
  let devices = [TestHome(), TestHome(), TestHome()]

  @discardableResult
  func run(_ device: TestHome, _ arguments: [String], status: Int32 = 0) async throws
    -> BookclubProcess.Result
  {
    let result = try await device.bookclub.run(arguments)
    #expect(result.status == status, "\(arguments): \(result.stderr)")
    return result
  }

  func git(_ arguments: [String]) async throws {
    #expect(try await TestGit.run(arguments, in: shared.url) == 0, "git \(arguments)")
  }

  /// One random change through the command line; one that does not fit (a book gone
  /// meanwhile) fails as it would for a reader, and changes nothing.
  func randomChange(on device: TestHome, step: Int, using random: inout SeededGenerator)
    async throws
  {
    let titles = ["Emma", "Persuasion", "Middlemarch", "Dune", "Kindred"]
    let title = titles[Int(random.next() % UInt64(titles.count))]
    let arguments: [String]
    switch random.next() % 16 {
    case 0:
      arguments = ["add", "\(title) \(step % 3)", "--author", "Author \(title)", "--pages", "300"]
    case 1: arguments = ["progress", "set", title, "\(random.next() % 100)%"]
    case 2: arguments = ["note", "add", title, "note \(step)"]
    case 3: arguments = ["rate", title, "\(1 + random.next() % 5)"]
    case 4: arguments = ["edit", title, "--title", "\(title) \(step % 3) ed\(step)"]
    case 5: arguments = ["remove", title, "--force"]
    case 6: arguments = ["restore", title]
    case 7: arguments = ["series", "add", title, "Saga", "\(step % 4)"]
    case 8: arguments = ["next", "add", title] + (step % 2 == 0 ? ["--first"] : [])
    case 9: arguments = ["status", title, "paused"]
    case 10:
      arguments = [
        "edit", title, "--format", "audiobook", "--length", "\(1 + step % 20):0\(step % 6)",
      ]
    case 11:
      arguments = ["mood", title, "--warning", step % 2 == 0 ? "graphic: war" : "minor: war"]
    case 12: arguments = ["edition", "link", titles[0], title]
    case 13: arguments = ["edit", title, "--owned", "\(step % 3)"]
    case 14: arguments = ["quote", "add", title, "quote \(step)", "--at-percent", "\(step % 100)"]
    default: arguments = ["undo"]
    }
    _ = try await device.bookclub.run(arguments)
  }

  /// Makes every device sync through `location` (device 0 inits, the others join), runs
  /// the random changes and syncs, then syncs everyone until nothing moves.
  func converge(through location: String, seed: UInt64, steps: Int) async throws {
    var random = SeededGenerator(seed: seed)
    // Syncs only where the test says: a background one would make the order the seed's no
    // longer (SyncCommandTests+Background.swift tests those).
    for device in devices { try await run(device, ["settings", "set", "deviceAutoSync", "false"]) }
    try await run(devices[0], ["add", "Emma 0", "--author", "Author Emma", "--pages", "300"])
    try await run(devices[0], ["sync", "init", location, "--name", "device 0"])
    for index in 1..<devices.count {
      try await run(devices[index], ["sync", "join", location, "--name", "device \(index)"])
    }
    var offline = Set<Int>()
    for step in 0..<steps {
      let index = Int(random.next() % UInt64(devices.count))
      try await randomChange(on: devices[index], step: step, using: &random)
      if random.next() % 10 == 0 { offline.formSymmetricDifference([Int(random.next() % 3)]) }
      let syncing = Int(random.next() % UInt64(devices.count))
      if random.next() % 4 == 0, !offline.contains(syncing) {
        let result = try await run(devices[syncing], ["sync"])
        #expect(!result.stderr.contains("warning:"), "seed \(seed): \(result.stderr)")
      }
    }
    for _ in 0..<3 {
      for device in devices { try await run(device, ["sync"]) }
    }
    let exports = try await devices.asyncMap { try await run($0, ["export"]).stdout }
    #expect(exports[0].contains("\"books\""))
    for index in 1..<devices.count {
      #expect(exports[index] == exports[0], "seed \(seed): device \(index)'s export differs")
    }
    // Every entry once: a progress or note id appears in one book only.
    let ids = exports[0].split(separator: "\"id\":\"").dropFirst().map { $0.prefix(36) }
    #expect(Set(ids).count == ids.count, "seed \(seed): an entry is there twice")
  }

  static func seed() -> UInt64 {
    UInt64(ProcessInfo.processInfo.environment["SYNC_SEED"] ?? "")
      ?? UInt64.random(in: 1...UInt64.max)
  }

  @Test func threeDevicesConvergeThroughABareGitRepository() async throws {
    let remote = shared.path("library.git")
    try await git(["init", "--quiet", "--bare", remote])
    try await converge(through: remote, seed: Self.seed(), steps: 150)
  }

  @Test func threeDevicesConvergeThroughAPlainSharedFolder() async throws {
    try await converge(through: shared.path("Sync/bookclub"), seed: Self.seed(), steps: 150)
  }

  @Test func aTitleChangedOnTwoDevicesIsAConflictListedEverywhere() async throws {
    let folder = shared.path("sync")
    try await run(devices[0], ["add", "Emma", "--author", "Jane Austen"])
    try await run(devices[0], ["sync", "init", folder, "--name", "laptop"])
    try await run(devices[1], ["sync", "join", folder, "--name", "desktop"])
    try await run(devices[0], ["edit", "emma", "--title", "Emma (laptop)"])
    try await run(devices[1], ["edit", "emma", "--title", "Emma (desktop)"])
    for device in devices.prefix(2) + devices.prefix(2) { try await run(device, ["sync"]) }
    for device in devices.prefix(2) {
      let status = try await run(device, ["sync", "status", "--json"]).stdout
      #expect(status.contains("\"field\":\"title\""), "\(status)")
      #expect(status.contains("Emma (laptop)") && status.contains("Emma (desktop)"))
      let show = try await run(device, ["show", "1"]).stdout
      #expect(show.contains("Conflict"), "\(show)")
    }
  }

  @Test func aHostileJournalIsReadWithWarningsAndNoCrash() async throws {
    let folder = shared.path("sync")
    try await run(devices[0], ["add", "Emma", "--author", "Jane Austen"])
    try await run(devices[0], ["sync", "init", folder, "--name", "laptop"])
    let stranger = "badc0ffee000"
    let book = UUID().uuidString.lowercased()
    func line(_ seq: Int, _ rest: String) -> String {
      "{\"v\":1,\"device\":\"\(stranger)\",\"seq\":\(seq),\"stamp\":\"1764672000000.\(seq).\(stranger)\",\(rest)}"
    }
    let add =
      "\"kind\":\"book\",\"book\":\"\(book)\",\"claim\":9,\"fields\":{\"title\":\"Dune\",\"authors\":[\"Frank Herbert\"],\"status\":\"want\",\"added\":\"2026-12-01T00:00:00.000Z\",\"updated\":\"2026-12-01T00:00:00.000Z\",\"isbn10\":null,\"isbn13\":null,\"pageCount\":null}"
    let journal =
      [
        line(1, "\"kind\":\"device\",\"name\":\"\\u001b]0;pwned\\u0007evil\""),
        line(2, add),
        line(2, add),  // a duplicate: applied once
        line(3, "\"kind\":\"hologram\",\"shape\":\"cube\""),  // a newer bookclub's kind
        "{\"v\":1,\"device\":\"0123456789ab\",\"seq\":4,\"stamp\":\"1764672000000.0.0123456789ab\",\"kind\":\"device\",\"name\":\"x\"}",
        line(5, "\"kind\":\"book\",\"book\":\"\(book)\",\"fields\":{\"pageCount\":99999999999}"),
        line(
          6, "\"kind\":\"book\",\"book\":\"\(book)\",\"fields\":{\"title\":\"Dune \\u001b[31mred\"}"
        ),
        "not json at all",
        // A device whose clock says 2500: applied, but it does not drag this device's clock.
        "{\"v\":1,\"device\":\"\(stranger)\",\"seq\":9,\"stamp\":\"16725225600000.0.\(stranger)\",\"kind\":\"book\",\"book\":\"\(book)\",\"fields\":{\"details.publisher\":\"Ace\"}}",
        "{\"v\":1,\"device\":\"\(stranger)\",\"seq\":7,\"stamp\":\"9999999999999999.0.\(stranger)\",\"kind\":\"book\"}",
      ].joined(separator: "\n") + "\n"
      + line(10, "\"kind\":\"book\",\"book\":\"\(book)\",\"fields\":{\"pageCount\":412}").dropLast(
        5)
    try journal.write(
      toFile: folder + "/devices/\(stranger).jsonl", atomically: true, encoding: .utf8)
    let first = try await run(devices[0], ["sync"])
    #expect(!first.stdout.contains("\u{1B}") && !first.stderr.contains("\u{1B}"))
    #expect(first.stderr.contains("names another device"), "\(first.stderr)")
    #expect(first.stderr.contains("not JSON"), "\(first.stderr)")
    #expect(first.stderr.contains("more line"), "\(first.stderr)")
    #expect(first.stderr.contains("was skipped: In the archive"), "\(first.stderr)")
    // The add, the title and the publisher: the absurd page count is not counted as applied.
    #expect(first.stdout.contains("applied 3 from other devices"), "\(first.stdout)")
    #expect(first.stderr.contains("newer bookclub"), "\(first.stderr)")
    let list = try await run(devices[0], ["list", "--json"]).stdout
    #expect(list.contains("Dune"), "\(list)")
    #expect(!list.contains("99999999999"), "an absurd page count was applied")
    let status = try await run(devices[0], ["sync", "status", "--json"]).stdout
    #expect(status.contains("\"unknown\":1"), "\(status)")
    // The cut line, once whole, is read.
    let handle = try #require(FileHandle(forWritingAtPath: folder + "/devices/\(stranger).jsonl"))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("412}}\n".utf8))
    try handle.close()
    try await run(devices[0], ["sync"])
    let show = try await run(devices[0], ["show", "dune", "--json"]).stdout
    #expect(show.contains("412"), "\(show)")
    // This device's next change is stamped by its own clock, not the year 2500.
    try await run(devices[0], ["rate", "emma", "3"])
    try await run(devices[0], ["sync"])
    let own = try FileManager.default.contentsOfDirectory(atPath: folder + "/devices")
      .first { $0 != "\(stranger).jsonl" }
    let lines = try String(contentsOfFile: folder + "/devices/" + (own ?? ""), encoding: .utf8)
      .split(separator: "\n")
    let stamp = try #require(lines.last?.split(separator: "\"stamp\":\"").last?.prefix(13))
    let now = Date().timeIntervalSince1970 * 1000
    #expect(abs((Double(stamp) ?? 0) - now) < 3_600_000, "\(lines.last ?? "")")
  }

  @Test func aSnapshotThatIsASymbolicLinkIsNotWrittenThrough() async throws {
    let folder = shared.path("sync")
    try await run(devices[0], ["add", "Emma", "--author", "Jane Austen"])
    try await run(devices[0], ["sync", "init", folder, "--name", "laptop"])
    let target = shared.path("precious.txt")
    try "mine\n".write(toFile: target, atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/snapshot.json", withDestinationPath: target)
    let result = try await run(devices[0], ["sync", "compact"], status: 1)
    #expect(result.stderr.contains("not a plain file"), "\(result.stderr)")
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "mine\n")
  }

  @Test func commandsSayWhatToDoWhenThereIsNoSync() async throws {
    let status = try await run(devices[0], ["sync", "status"], status: 1)
    #expect(status.stderr.contains("sync init"), "\(status.stderr)")
    let join = try await run(devices[0], ["sync", "join", shared.path("nothing-here")], status: 1)
    #expect(join.stderr.contains("not a sync folder"), "\(join.stderr)")
  }

  @Test func aNewFolderMustBeEmpty() async throws {
    try FileManager.default.createDirectory(
      atPath: shared.path("busy"), withIntermediateDirectories: true)
    try "x".write(toFile: shared.path("busy/notes.txt"), atomically: true, encoding: .utf8)
    let result = try await run(devices[0], ["sync", "init", shared.path("busy")], status: 1)
    #expect(result.stderr.contains("holds other files"), "\(result.stderr)")
  }

  @Test func aSyncKilledAtRandomMomentsLosesNothing() async throws {
    let folder = shared.path("sync")
    let seed = Self.seed()
    var random = SeededGenerator(seed: seed)
    try await run(devices[0], ["add", "Emma", "--author", "Jane Austen", "--pages", "300"])
    try await run(devices[0], ["sync", "init", folder, "--name", "laptop"])
    try await run(devices[1], ["sync", "join", folder, "--name", "desktop"])
    for step in 0..<12 {
      for index in 0..<2 {
        try await run(devices[index], ["add", "Book \(index)-\(step)", "--author", "A"])
        try await run(devices[index], ["progress", "set", "emma", "\(step * 5 + index)%"])
      }
      // Device 1's sync is killed after a random moment (often mid-way).
      let process = try devices[1].bookclub.start(["sync"])
      usleep(UInt32(random.next() % 60_000))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      try await run(devices[0], ["sync"])
    }
    for _ in 0..<2 {
      for device in devices.prefix(2) { try await run(device, ["sync"]) }
    }
    for device in devices.prefix(2) { try await run(device, ["check"]) }
    let first = try await run(devices[0], ["export"]).stdout
    let second = try await run(devices[1], ["export"]).stdout
    #expect(first == second, "seed \(seed)")
    for index in 0..<2 {
      for step in 0..<12 { #expect(first.contains("Book \(index)-\(step)"), "seed \(seed)") }
    }
  }
}

extension Array {
  fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
    var mapped: [T] = []
    for element in self { mapped.append(try await transform(element)) }
    return mapped
  }
}

extension SyncCommandTests {
  @Test func compactWritesASnapshotThatANewDeviceStartsFrom() async throws {
    let remote = shared.path("library.git")
    try await git(["init", "--quiet", "--bare", remote])
    try await run(devices[0], ["settings", "set", "deviceAutoSync", "false"])
    try await run(devices[0], ["add", "Emma", "--author", "Jane Austen", "--pages", "300"])
    try await run(devices[0], ["sync", "init", remote, "--name", "laptop"])
    try await run(devices[0], ["progress", "set", "emma", "30"])
    let compact = try await run(devices[0], ["sync", "compact"])
    #expect(compact.stdout.contains("Wrote snapshot.json: 1 books"), "\(compact.stdout)")
    try await run(devices[0], ["rate", "emma", "4"])
    try await run(devices[0], ["sync"])
    let joined = try await run(devices[1], ["sync", "join", remote, "--name", "desktop"])
    #expect(joined.stdout.contains("applied 1 from other devices"), "\(joined.stdout)")
    let first = try await run(devices[0], ["export"]).stdout
    try await run(devices[1], ["sync"])
    #expect(try await run(devices[1], ["export"]).stdout == first)
  }
}
