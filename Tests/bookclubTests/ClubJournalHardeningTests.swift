import Foundation
import Testing

/// Club journals written by strangers: over-long lines, journals rolled back or rewritten,
/// picks dated far ahead, a million-line journal, a folder where a journal should be; and
/// your own journal written by two commands at once. Clubs here are plain shared folders
/// (no git), and the stranger's journal is written by the test, line by line.
@Suite struct ClubJournalHardeningTests {
  let shared = TestHome()
  let ann = TestHome()
  /// The stranger's member id: their journal is `members/<id>.jsonl`.
  let eve = "00000000-0000-0000-0000-0000000000e5"
  static let book = #"{"title":"Middlemarch","author":"George Eliot","pages":880}"#
  static let emma = #"{"title":"Emma","author":"Jane Austen","pages":474}"#
  static let timeStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

  var folder: String { shared.path("Syncthing/bookworms") }
  var eveJournal: String { folder + "/members/\(eve).jsonl" }

  @discardableResult
  func run(_ arguments: [String], status: Int32 = 0) async throws -> BookclubProcess.Result {
    let result = try await ann.bookclub.run(arguments)
    #expect(result.status == status, "\(arguments): \(result.stderr)")
    return result
  }

  /// Ann's club in a shared folder, Middlemarch in her library and picked.
  func makeClub() async throws {
    try await run(["club", "create", folder, "--name", "Bookworms", "--as", "Ann"])
    try await run(["add", "Middlemarch", "--author", "George Eliot", "--pages", "880"])
    try await run(["club", "pick", "Middlemarch"])
  }

  /// One line of Eve's journal, newline included.
  func line(_ seq: Int, _ kind: String, at time: Date = Date(), _ fields: String = "") -> String {
    let extra = fields.isEmpty ? "" : "," + fields
    return #"{"member":"\#(eve)","seq":\#(seq),"time":"\#(Self.timeStyle.format(time))","#
      + #""kind":"\#(kind)"\#(extra)}"# + "\n"
  }

  func progress(_ seq: Int, _ fraction: String, at time: Date = Date()) -> String {
    line(seq, "progress", at: time, #""book":\#(Self.book),"fraction":\#(fraction)"#)
  }

  func writeEve(_ text: String) throws {
    try FileManager.default.createDirectory(
      atPath: folder + "/members", withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: eveJournal))
  }

  func appendEve(_ data: Data) throws {
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: eveJournal))
    try handle.seekToEnd()
    try handle.write(contentsOf: data)
    try handle.close()
  }

  /// `club status --json` as Ann: the book's title and each member's fraction, by name.
  func standing() async throws -> (book: String?, fractions: [String: Double], stderr: String) {
    let result = try await run(["club", "status", "--json"])
    let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    let json = document as? [String: Any] ?? [:]
    let members = json["members"] as? [[String: Any]] ?? []
    var fractions: [String: Double] = [:]
    for member in members {
      if let name = member["name"] as? String { fractions[name] = member["fraction"] as? Double }
    }
    return ((json["book"] as? [String: Any])?["title"] as? String, fractions, result.stderr)
  }

  @Test func aLineOverTheLimitIsSkippedWithATrueWarningAndTheLinesAfterItAreRead()
    async throws
  {
    try await makeClub()
    try writeEve(line(1, "joined", #""name":"Eve""#) + progress(2, "0.1"))
    // A note of 65 MiB: longer than the 1 MiB limit, and than the old 64 MiB read.
    let head = line(3, "note", #""book":\#(Self.book),"fraction":0.2,"text":""#).dropLast(2)
    try appendEve(Data(head.utf8) + Data(repeating: 0x61, count: 65 << 20) + Data("\"}\n".utf8))
    try appendEve(Data(progress(4, "0.5").utf8))

    let first = try await standing()
    #expect(first.fractions["Eve"] == 0.5, "the line after the long one is read: \(first)")
    #expect(first.stderr.contains("Eve's journal"), "\(first.stderr)")
    #expect(first.stderr.contains("line 3 is longer than 1 MiB"), "\(first.stderr)")
    #expect(first.stderr.contains("skipped"), "\(first.stderr)")
    #expect(!first.stderr.contains("cut short"), "\(first.stderr)")
    // Told once: the line is behind the next read.
    try appendEve(Data(progress(5, "0.6").utf8))
    let second = try await standing()
    #expect(second.fractions["Eve"] == 0.6)
    #expect(!second.stderr.contains("line 3"), "\(second.stderr)")
  }

  @Test func aJournalRewrittenToTheSameLengthIsReadAgain() async throws {
    try await makeClub()
    try writeEve(line(1, "joined", #""name":"Eve""#) + progress(2, "0.25"))
    #expect(try await standing().fractions["Eve"] == 0.25)
    // A sync tool puts another version in its place, byte for byte as long.
    let before = try FileManager.default.attributesOfItem(atPath: eveJournal)[.size] as? Int
    try writeEve(line(1, "joined", #""name":"Eve""#) + progress(3, "0.75"))
    #expect(try FileManager.default.attributesOfItem(atPath: eveJournal)[.size] as? Int == before)
    #expect(try await standing().fractions["Eve"] == 0.75)
  }

  @Test func aPickDatedFarAheadLocksNothingAndThePickNoticeAgreesWithTheStatus() async throws {
    try await makeClub()
    let year9999 = Date(timeIntervalSince1970: 253_402_214_400)  // 9999-12-31
    try writeEve(
      line(1, "joined", #""name":"Eve""#)
        + line(2, "picked", at: year9999, #""book":\#(Self.emma)"#)
    )
    let pick = try await run(["club", "pick", "Middlemarch"])
    #expect(pick.stdout.contains("“Middlemarch” is now the book of “Bookworms”"), "\(pick.stdout)")
    #expect(try await standing().book == "Middlemarch")

    // A pick dated a few hours ahead (a clock a little fast) does count; picking again,
    // after reading it, wins again, and both commands say so.
    try appendEve(
      Data(line(3, "picked", at: Date() + 6 * 3600, #""book":\#(Self.emma)"#).utf8))
    #expect(try await standing().book == "Emma")
    let again = try await run(["club", "pick", "Middlemarch"])
    #expect(again.stdout.contains("is now the book of"), "\(again.stdout)")
    #expect(try await standing().book == "Middlemarch")
  }

  @Test(.timeLimit(.minutes(5)))
  func aJournalOfAHundredThousandEventsIsReadInOneGoAndKeptSmall() async throws {
    try await makeClub()
    let count = 100_000
    try writeEve(line(1, "joined", #""name":"Eve""#))
    var chunk = ""
    let start = Date() - 60 * 86_400
    for seq in 2...count {
      let time = start + Double(seq) * 20
      let fraction = String(Double(seq) / Double(count))
      chunk +=
        seq % 2 == 0
        ? progress(seq, fraction, at: time)
        : line(
          seq, "note", at: time,
          #""book":\#(Self.book),"fraction":\#(fraction),"text":"Thought \#(seq)""#)
      if chunk.utf8.count > 1 << 20 || seq == count {
        try appendEve(Data(chunk.utf8))
        chunk = ""
      }
    }
    let first = try await standing()
    #expect(first.fractions["Eve"] == 1, "every line read by the first command")
    let library = ann.path("data/bookclub/library.sqlite")
    let size = ["", "-wal"].compactMap {
      try? FileManager.default.attributesOfItem(atPath: library + $0)[.size] as? Int
    }.reduce(0, +)
    #expect(size < 4 << 20, "the library keeps the standing, not the journal: \(size) bytes")
    let notes = try await run(["club", "notes", "--spoilers", "--json"])
    let document = try JSONSerialization.jsonObject(with: Data(notes.stdout.utf8))
    let shown = (document as? [String: Any])?["notes"] as? [Any] ?? []
    #expect(shown.count == 200, "Eve's latest 200 notes, not 50,000")
  }

  @Test func twoCommandsSharingAtOnceWriteEachEventOnce() async throws {
    try await makeClub()
    let process = ann.bookclub
    for round in 0..<4 {
      async let first = process.run(["progress", "set", "Middlemarch", "\(100 + round * 10)"])
      async let second = process.run(["progress", "set", "Middlemarch", "\(105 + round * 10)"])
      let (one, two) = try await (first, second)
      #expect(one.status == 0 && two.status == 0, "\(one.stderr) \(two.stderr)")
    }
    let members = try FileManager.default.contentsOfDirectory(atPath: folder + "/members")
    let journal = try #require(members.first { $0.hasSuffix(".jsonl") })
    let lines = try String(contentsOfFile: folder + "/members/" + journal, encoding: .utf8)
      .split(separator: "\n")
    let sequences = lines.compactMap { line -> Int? in
      let json = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      return json?["seq"] as? Int
    }
    #expect(sequences.count == Set(sequences).count, "no event twice: \(sequences)")
    #expect(lines.filter { $0.contains(#""kind":"progress""#) }.count == 8)
  }

  @Test func aFolderWhereAJournalShouldBeIsAClubWarning() async throws {
    try await makeClub()
    // Named as a member's journal is (a file not named by a member id is no journal at all).
    let stray = UUID().uuidString.lowercased() + ".jsonl"
    try FileManager.default.createDirectory(
      atPath: folder + "/members/" + stray, withIntermediateDirectories: true)
    let status = try await run(["club", "status"])
    #expect(
      status.stderr.contains("members/\(stray) is a folder, not a journal file"),
      "\(status.stderr)")
    #expect(!status.stderr.contains("export file"), "\(status.stderr)")
  }
}
