import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ReadingModel

/// The journal reader against what strangers and sync tools leave: lines over the limit,
/// journals rolled back or rewritten, times far ahead; and the bounds of what is kept.
@Suite struct ClubJournalReaderTests {
  let folder = TemporaryFolder()
  let book = ClubBook(
    isbn13: "9780141439549", title: "Middlemarch", author: "George Eliot", pageCount: 880)
  static let day: Int64 = 86_400_000
  static let now: Int64 = 1_780_000_000_000

  func event(_ sequence: Int, _ kind: ClubEvent.Kind, time: Int64? = nil, member: String = "ann")
    -> ClubEvent
  {
    ClubEvent(member: member, sequence: sequence, time: time ?? Self.now - 1000, kind: kind)
  }

  func progress(_ sequence: Int, _ fraction: Double, time: Int64? = nil) -> ClubEvent {
    event(sequence, .progress(book, fraction: fraction, page: nil), time: time)
  }

  func note(_ sequence: Int, _ text: String, book: ClubBook? = nil) -> ClubEvent {
    event(sequence, .note(book ?? self.book, text: text, fraction: 0.5))
  }

  func write(_ bytes: [UInt8], to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  func append(_ bytes: [UInt8], to path: String) throws {
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(bytes))
    try handle.close()
  }

  @Test func aLineOverTheLimitIsSkippedByNumberAndTheLinesAfterItAreRead() throws {
    let path = folder.path("ann.jsonl")
    let journal = ClubJournal(path: path, member: "ann")
    // Over the limit and across the reader's chunks; then a long line within it.
    let long = note(2, String(repeating: "a", count: 3 << 19))  // 1.5 MiB
    let fits = note(3, String(repeating: "b", count: 900 << 10))
    try write(
      progress(1, 0.1).jsonLine + long.jsonLine + fits.jsonLine + progress(4, 0.5).jsonLine,
      to: path)
    let (events, reading) = journal.events()
    #expect(events.map(\.sequence) == [1, 3, 4])
    #expect(reading.problems.count == 1)
    #expect(reading.problems[0].contains("members/ann.jsonl: line 2 is longer than 1 MiB"))
    #expect(reading.problems[0].contains("skipped, and the lines after it are read"))
    #expect(reading.end.lineNumber == 4)
    #expect(reading.end.lastSequence == 4)
  }

  @Test func aCutLineAlreadyOverTheLimitWaitsToBeWholeThenIsSkipped() throws {
    let path = folder.path("ann.jsonl")
    let journal = ClubJournal(path: path, member: "ann")
    let long = note(2, String(repeating: "a", count: 600)).jsonLine
    try write(progress(1, 0.1).jsonLine + long.prefix(300), to: path)
    let (first, cut) = journal.events(after: .start, lineLimit: 250)
    #expect(first.map(\.sequence) == [1])
    #expect(
      cut.problems == [
        "members/ann.jsonl: its last line (line 2) is cut short, and already longer than "
          + "250 bytes; it is read once whole"
      ])
    try append(Array(long.dropFirst(300)) + progress(3, 0.3).jsonLine, to: path)
    let (second, whole) = journal.events(after: cut.end, lineLimit: 250)
    #expect(second.map(\.sequence) == [3])
    #expect(whole.problems.count == 1)
    #expect(whole.problems.first?.contains("line 2 is longer than 250 bytes") == true)
  }

  @Test func readingResumesAfterTheLastLineReadAndOnlyReadsWhatIsNew() throws {
    let path = folder.path("ann.jsonl")
    let journal = ClubJournal(path: path, member: "ann")
    try journal.append([event(1, .joined(name: "Ann")), progress(2, 0.2)])
    let first = journal.events()
    #expect(first.events.count == 2)
    #expect(first.reading.end.checkLength == progress(2, 0.2).jsonLine.count)
    #expect(journal.events(after: first.reading.end).events.isEmpty)
    try journal.append([progress(3, 0.3)])
    let second = journal.events(after: first.reading.end)
    #expect(second.events.map(\.sequence) == [3])
    #expect(!second.reading.wasRewritten)
    #expect(second.reading.end.lastSequence == 3)
  }

  @Test func aJournalRewrittenToTheSameLengthIsReadAgainFromItsStart() throws {
    let path = folder.path("ann.jsonl")
    let journal = ClubJournal(path: path, member: "ann")
    try write(event(1, .joined(name: "Ann")).jsonLine + progress(2, 0.25).jsonLine, to: path)
    let first = journal.events()
    let rewritten = event(1, .joined(name: "Ann")).jsonLine + progress(3, 0.75).jsonLine
    #expect(rewritten.count == first.reading.end.offset)
    try write(rewritten, to: path)
    let again = journal.events(after: first.reading.end)
    #expect(again.reading.wasRewritten)
    #expect(again.events.map(\.sequence) == [1, 3])
    #expect(again.reading.problems.isEmpty)
  }

  @Test func aJournalRolledBackThenGrownPastTheOldEndIsReadFromItsStart() throws {
    let path = folder.path("ann.jsonl")
    let journal = ClubJournal(path: path, member: "ann")
    try write((1...4).flatMap { progress($0, Double($0) / 10).jsonLine }, to: path)
    let first = journal.events()
    // An older version comes back, and more is appended to it: longer than before, but the
    // bytes where the last read ended are no longer the end of a line that was read.
    try write(
      (1...2).flatMap { progress($0, Double($0) / 10).jsonLine }
        + (5...9).flatMap { note($0, "after the rollback \($0)").jsonLine }, to: path)
    let again = journal.events(after: first.reading.end)
    #expect(again.reading.wasRewritten)
    #expect(again.reading.problems.isEmpty, "no read from the middle of a line")
    #expect(again.events.map(\.sequence) == [1, 2, 5, 6, 7, 8, 9])
    // Shorter than where the last read ended: read from the start too.
    try write(progress(1, 0.1).jsonLine, to: path)
    let shorter = journal.events(after: again.reading.end)
    #expect(shorter.reading.wasRewritten)
    #expect(shorter.events.map(\.sequence) == [1])
    // Emptied: nothing to read, and the next read starts at the start.
    try write([], to: path)
    let emptied = journal.events(after: shorter.reading.end).reading
    #expect(emptied.wasRewritten)
    #expect(emptied.end == .start)
  }

  @Test func anOffsetWithoutACheckIsReadAgainFromTheStart() throws {
    let path = folder.path("ann.jsonl")
    let journal = ClubJournal(path: path, member: "ann")
    try journal.append([progress(1, 0.1), progress(2, 0.2)])
    // What an older bookclub kept: an offset alone.
    let old = ClubJournal.ReadPoint(offset: progress(1, 0.1).jsonLine.count)
    let read = journal.events(after: old)
    #expect(read.reading.wasRewritten)
    #expect(read.events.map(\.sequence) == [1, 2])
  }

  @Test func manySkippedLinesAreToldAFewAndCounted() throws {
    let path = folder.path("ann.jsonl")
    try write(Array(String(repeating: "not an event\n", count: 10).utf8), to: path)
    let problems = ClubJournal(path: path, member: "ann").events().reading.problems
    #expect(problems.count == 4)
    #expect(problems[0] == "members/ann.jsonl: line 1 is not an event of ann; it was skipped")
    #expect(problems[3] == "members/ann.jsonl: 7 more lines skipped, as above")
  }

  @Test func aFolderInPlaceOfAJournalIsToldInAClubsWords() throws {
    let path = folder.path("members/ann.jsonl")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    let problems = ClubJournal(path: path, member: "ann").events().reading.problems
    #expect(problems.count == 1)
    #expect(problems[0].hasPrefix("members/ann.jsonl is a folder, not a journal file"))
    #expect(!problems[0].contains("export"))
  }

  /// Lines decoded over the cores, a run each, come back in order, each run's "book of
  /// the line before" its own: the same events as decoded one after another.
  @Test func linesDecodedOverTheCoresAreTheLinesDecodedInOrder() {
    let other = ClubBook(isbn13: nil, title: "Persuasion", author: "Jane Austen", pageCount: 250)
    let lines: [[UInt8]] = (1...3_000).map { index in
      if index % 997 == 0 { return Array("{not json".utf8) }
      let book = index % 7 < 3 ? book : other
      let kind: ClubEvent.Kind =
        index % 5 == 0
        ? .note(book, text: "Chapter \(index)", fraction: 0.5)
        : .progress(book, fraction: Double(index % 100) / 100, page: index % 250)
      return Array(event(index, kind).jsonLine.dropLast())
    }
    var recent: ClubBook?
    let oneByOne = lines.map { line in
      let event = ClubEvent(jsonLine: line, recent: recent)
      recent = event?.kind.book ?? recent
      return event
    }
    #expect(lines.count / JournalLineDecoding.linesPerCore > 1)
    #expect(ClubJournal.decode(lines) == oneByOne)
    #expect(oneByOne.compactMap { $0 }.count == 2_997)
  }

  @Test func timesFarAheadNeitherPickTheBookNorOutlastLaterEvents() {
    let emma = ClubBook(isbn13: nil, title: "Emma", author: "Jane Austen", pageCount: 474)
    let year9999: Int64 = 253_402_214_400_000
    let events = [
      event(1, .joined(name: "Ann")), event(2, .picked(book), time: Self.now - Self.day),
      event(1, .joined(name: "Eve"), member: "eve"),
      event(2, .picked(emma), time: year9999, member: "eve"),
      // A member's order is their sequence: the progress after the one dated 9999 counts.
      event(3, .progress(book, fraction: 0.9, page: nil), time: year9999, member: "eve"),
      event(4, .progress(book, fraction: 0.3, page: nil), member: "eve"),
    ]
    let status = ClubStatus(events: events, now: Self.now)
    #expect(status.book == book, "a pick dated past a day ahead does not count")
    #expect(status.member("eve")?.fraction == 0.3)
    #expect(status.member("eve")?.lastActivity == Self.now + ClubStatus.futureSkew)
    // Within the skew (a clock a few hours fast), a pick counts.
    let soon = events + [event(5, .picked(emma), time: Self.now + 6 * 3_600_000, member: "eve")]
    #expect(ClubStatus(events: soon, now: Self.now).book == emma)
  }

  @Test func theLibraryAgreesWithTheStatusOnPicksDatedFarAhead() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    let emma = ClubBook(isbn13: nil, title: "Emma", author: "Jane Austen", pageCount: 474)
    try await library.ingestClubEvents(
      [event(1, .picked(book), time: Self.now - Self.day)], of: "ann", in: "club",
      through: .start)
    try await library.ingestClubEvents(
      [event(1, .picked(emma), time: 253_402_214_400_000, member: "eve")], of: "eve",
      in: "club", through: .start)
    #expect(try await library.clubPick("club", now: Self.now) == book)
    let kept = try await library.clubStandingEvents("club", notes: false, now: Self.now)
    #expect(ClubStatus(events: kept, now: Self.now).book == book)
  }

  @Test func aFoldKeepsTheLatestNotesBooksAndAnHourlyPace() {
    var fold = ClubJournalFold()
    for sequence in 1...1_000 { fold.add(note(sequence, "note \(sequence)")) }
    #expect(fold.notes.count == ClubJournalFold.noteLimit)
    #expect(fold.notes.map(\.sequence).min() == 1_000 - ClubJournalFold.noteLimit + 1)
    // Progress every minute for 30 days: one point an hour within the last 14 days.
    let start = Self.now - 30 * Self.day
    for minute in 0..<(30 * 24 * 60) {
      fold.add(
        progress(2_000 + minute, Double(minute) / 50_000, time: start + Int64(minute) * 60_000))
    }
    #expect(fold.recentProgress.count <= 14 * 24 + 1)
    #expect(fold.recentProgress.count >= 14 * 24 - 1)
    // A hundred books: the latest 32 kept.
    for index in 0..<100 {
      let other = ClubBook(isbn13: nil, title: "Book \(index)", author: "A", pageCount: nil)
      fold.add(event(100_000 + index, .finished(other)))
    }
    #expect(fold.keptBooks.count == ClubJournalFold.bookLimit)
    #expect(!fold.keptBooks.contains(book.key))
    #expect(fold.latest.count <= ClubJournalFold.bookLimit + 1)
  }

  @Test func theLibraryKeepsTheLatestNotesOfEachMemberAndBook() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    try await library.ingestClubEvents(
      [event(1, .picked(book))], of: "ann", in: "club", through: .start)
    for batch in 0..<5 {
      let notes = (0..<100).map { note(10 + batch * 100 + $0, "note \(batch * 100 + $0)") }
      try await library.ingestClubEvents(notes, of: "ann", in: "club", through: .start)
    }
    let kept = try await library.clubStandingEvents("club", notes: true, now: Self.now)
    let status = ClubStatus(events: kept, now: Self.now)
    #expect(status.notes.count == ClubJournalFold.noteLimit)
    #expect(!status.notes.contains { $0.text == "note 299" })
    #expect(status.notes.contains { $0.text == "note 300" })
  }

  @Test func twoLibrariesDeliveringAtOnceWriteEachEventOnce() async throws {
    let path = folder.path("library.sqlite")
    let membership = ClubMembership(
      clubID: "club", name: "Club", path: folder.path("club"), memberID: "ann",
      memberName: "Ann", sharesNotes: false)
    try await SQLiteLibrary(path: path).join(membership, at: Self.now)
    let written = Written()
    for round in 0..<20 {
      let first = SQLiteLibrary(path: path)
      let second = SQLiteLibrary(path: path)
      try await first.queueClubEvents([.left], in: "club", at: Self.now + Int64(round))
      async let one = first.deliverClubOutbox("club") { events in
        written.sequences.withLock { $0 += events.map(\.sequence) }
      }
      async let two = second.deliverClubOutbox("club") { events in
        written.sequences.withLock { $0 += events.map(\.sequence) }
      }
      _ = try await (one, two)
    }
    let sequences = written.sequences.withLock { $0 }
    #expect(sequences == Array(1...21), "the joined event and 20 more, each once")
  }
}

/// What deliveries wrote, from any thread.
private final class Written: Sendable {
  let sequences = Mutex<[Int]>([])
}
