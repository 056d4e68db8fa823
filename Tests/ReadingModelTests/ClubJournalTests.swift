import Foundation
import TestSupport
import Testing

@testable import ReadingModel

/// Journals as sync tools and crashes leave them, and the club state folded from them.
@Suite struct ClubJournalTests {
  let folder = TemporaryFolder()
  let book = ClubBook(
    isbn13: "9780141439549", title: "Middlemarch", author: "George Eliot", pageCount: 880)

  func event(_ sequence: Int, _ kind: ClubEvent.Kind, member: String = "ann", time: Int64? = nil)
    -> ClubEvent
  {
    ClubEvent(
      member: member, sequence: sequence, time: time ?? Int64(1_700_000_000_000 + sequence),
      kind: kind)
  }

  @Test func everyKindRoundTripsThroughAJournalLine() {
    let kinds: [ClubEvent.Kind] = [
      .joined(name: "Ann “the reader”\n"), .left, .picked(book),
      .progress(book, fraction: 0.6, page: 528), .progress(book, fraction: 0.25, page: nil),
      .note(book, text: "Dorothea!\n\"quoted\"", fraction: 0.6), .finished(book),
      .abandoned(book), .rated(book, rating: 4.5), .rated(book, rating: nil),
    ]
    for (index, kind) in kinds.enumerated() {
      let original = event(index + 1, kind)
      let line = original.jsonLine
      #expect(line.last == 0x0A)
      #expect(line.dropLast().allSatisfy { $0 != 0x0A }, "one line: \(kind)")
      #expect(ClubEvent(jsonLine: line.dropLast()) == original)
    }
  }

  @Test func aCutLastLineADuplicateAndAnUnknownKindAreReadWithoutLoss() throws {
    let path = folder.path("ann.jsonl")
    let journal = ClubJournal(path: path, member: "ann")
    try journal.append([event(1, .joined(name: "Ann")), event(2, .picked(book))])
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    bytes += event(2, .picked(book)).jsonLine  // a duplicate, as a sync conflict copy makes
    bytes +=
      Data(
        #"{"member":"ann","seq":3,"time":"2026-11-30T10:00:00.000Z","kind":"cheered","volume":11}"#
          .utf8) + Data([0x0A])
    let cut = event(4, .progress(book, fraction: 0.5, page: 440)).jsonLine
    bytes += cut.prefix(20)  // a crash in the middle of a line
    try bytes.write(to: URL(fileURLWithPath: path))

    let (firstEvents, first) = journal.events()
    #expect(firstEvents.map(\.sequence) == [1, 2, 2, 3])
    #expect(firstEvents[3].kind == .unknown("cheered"))
    #expect(first.problems.count == 1)
    #expect(first.problems[0].contains("cut short"))
    // The cut line is not passed: once it is whole, the next read gets it.
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(cut.dropFirst(20)))
    try handle.close()
    let (secondEvents, second) = journal.events(after: first.end)
    #expect(secondEvents.map(\.sequence) == [4])
    #expect(second.problems.isEmpty)
    #expect(journal.events(after: second.end).events.isEmpty)
  }

  @Test func aLineThatIsNotJSONOrNotThisMembersIsSkippedWithAProblem() throws {
    let path = folder.path("ann.jsonl")
    try Data("not json\n".utf8).write(to: URL(fileURLWithPath: path))
    let journal = ClubJournal(path: path, member: "ann")
    try journal.append([event(1, .joined(name: "Bo"), member: "bo"), event(2, .left)])
    let (events, reading) = journal.events()
    #expect(events.map(\.sequence) == [2])
    #expect(reading.problems.count == 2)
  }

  @Test func statusFoldsEventsInAnyOrderAndDuplicatesOnce() {
    let other = ClubBook(isbn13: nil, title: "Emma", author: "Jane Austen", pageCount: 400)
    let day: Int64 = 86_400_000
    let events = [
      event(1, .joined(name: "Ann"), time: 0),
      event(1, .joined(name: "Bo"), member: "bo", time: 1),
      event(2, .picked(other), time: 2),
      event(3, .picked(book), member: "ann", time: 3),  // the latest pick wins
      event(4, .progress(book, fraction: 0.2, page: 176), time: 4),
      event(5, .progress(book, fraction: 0.6, page: 528), time: 4 + 4 * day),
      event(6, .note(book, text: "late", fraction: 0.6), time: 5 + 4 * day),
      event(2, .note(book, text: "early", fraction: 0.1), member: "bo", time: 6),
      event(3, .finished(book), member: "bo", time: 7),
      event(3, .finished(book), member: "bo", time: 7),
    ].shuffled()
    let status = ClubStatus(events: events)
    #expect(status.book == book)
    #expect(status.pickedBy == "Ann")
    #expect(status.members.map(\.name) == ["Ann", "Bo"])
    #expect(status.member("ann")?.fraction == 0.6)
    #expect(status.member("ann")?.page == 528)
    let pace = try? #require(status.member("ann")?.fractionPerDay)
    #expect(abs((pace ?? 0) - 0.1) < 0.001)
    #expect(status.member("bo")?.finished == true)
    #expect(status.notes.map(\.text) == ["early", "late"])
  }

  @Test func editionsWithoutTheSameISBNAreOneClubBook() throws {
    let date = Date()
    let mine = Book(
      id: 1, title: "Middlemarch: A Study of Provincial Life", authors: ["George Eliot"],
      isbn13: "9780000000002", dateAdded: date, dateUpdated: date)
    let bare = ClubBook(
      isbn13: "9780141439549", title: "Middlemarch", author: "George Eliot", pageCount: nil)
    #expect(bare.matches(mine))  // another edition: the subtitle and ISBN differ
    let same = ClubBook(isbn13: "9780000000002", title: "Other", author: "Other", pageCount: nil)
    #expect(same.matches(mine))
  }

  @Test func hostileNumbersAreNoValuesAndNeverCrashTheStatus() throws {
    func line(_ fields: String) -> ClubEvent? {
      ClubEvent(
        jsonLine: Array(
          ("{\"member\":\"ann\",\"seq\":1,\"time\":\"2026-11-30T10:00:00.000Z\"," + fields + "}")
            .utf8))
    }
    let book =
      #""book":{"title":"Emma","author":"Jane Austen","pages":9223372036854775807,"isbn13":"rm -rf ~"}"#
    #expect(line(#""kind":"rated","rating":1e308,"# + book) == nil)
    #expect(line(#""kind":"rated","rating":-1,"# + book) == nil)
    #expect(line(#""kind":"rated","rating":4.3,"# + book) == nil)
    guard
      case .progress(let parsed, _, let page)? = line(
        #""kind":"progress","fraction":0.5,"page":-3,"# + book)?.kind
    else {
      Issue.record("a progress line with a bad page is still progress")
      return
    }
    #expect(parsed.pageCount == nil)  // 2^63 pages is no page count
    #expect(parsed.isbn13 == nil)  // nor is that an ISBN
    #expect(page == nil)
    #expect(line(#""kind":"picked","book":{"title":"!!!","author":"x"}"#) == nil)  // no title
    // A pace so slow that the finish is centuries away gives no estimate, and no trap.
    var member = ClubStatus.Member(id: "a", name: "A", lastActivity: 0)
    member.fraction = 0.1
    member.fractionPerDay = 1e-300
    #expect(member.estimatedFinish == nil)
  }

  @Test func aJournalThatIsAFIFOOrASymlinkIsNeitherReadIntoNorWrittenThrough() throws {
    let fifo = folder.path("fifo.jsonl")
    #expect(mkfifo(fifo, 0o600) == 0)
    let (fifoEvents, fromFIFO) = ClubJournal(path: fifo, member: "fifo").events()  // no wait
    #expect(fifoEvents.isEmpty)
    #expect(fromFIFO.problems.first?.contains("FIFO") == true)
    #expect(throws: FileError.self) {
      try ClubJournal(path: fifo, member: "fifo").append([event(1, .left)])
    }
    let target = folder.path("bashrc")
    try Data("export PATH=/usr/bin\n".utf8).write(to: URL(fileURLWithPath: target))
    let link = folder.path("ann.jsonl")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    #expect(throws: FileError.self) {
      try ClubJournal(path: link, member: "ann").append([event(1, .left)])
    }
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "export PATH=/usr/bin\n")
  }
}
