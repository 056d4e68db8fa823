import Foundation
import TestSupport
import Testing

@testable import ReadingModel

/// The standing a library keeps as journals are read — latest events, recent progress,
/// notes — must fold to what every event folds to, however the lines arrive.
@Suite struct ClubStandingTests {
  let folder = TemporaryFolder()
  static let books = [
    ClubBook(isbn13: "9780141439549", title: "Middlemarch", author: "George Eliot", pageCount: 880),
    ClubBook(isbn13: nil, title: "Emma", author: "Jane Austen", pageCount: nil),
    ClubBook(
      isbn13: "9780140449242", title: "Anna Karenina", author: "Leo Tolstoy", pageCount: 864),
  ]
  static let day: Int64 = 86_400_000
  static let start: Int64 = 1_760_000_000_000
  /// After every generated event (journals run up to three years past ``start``): the
  /// standing is compared as of a fixed time, none of it in the future.
  static let now: Int64 = start + 4 * 365 * day

  /// A member id as bookclub makes them (a person must be one), ending in `n`.
  static func memberID(_ n: Int) -> String { "00000000-0000-4000-8000-00000000000\(n)" }

  /// One member's journal: joined first, then two months of reading, in order; `person`
  /// when it is another device's journal of that member.
  static func journal(
    of member: String, person: String? = nil, using random: inout SeededGenerator
  ) -> [ClubEvent] {
    var events = [
      ClubEvent(
        member: member, sequence: 1, time: start, kind: .joined(name: member, person: person))
    ]
    var time = start
    var fraction: [String: Double] = [:]
    for sequence in 2...Int.random(in: 300...600, using: &random) {
      time += Int64.random(in: 0...(day * 2), using: &random)
      let book = books.randomElement(using: &random)!
      let kind: ClubEvent.Kind
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<60:
        let next = min(1, (fraction[book.key] ?? 0) + Double.random(in: 0...0.08, using: &random))
        fraction[book.key] = next
        kind = .progress(book, fraction: next, page: book.pageCount.map { Int(Double($0) * next) })
      case 60..<72: kind = .note(book, text: "note \(sequence)", fraction: fraction[book.key] ?? 0)
      case 72..<76: kind = .picked(book)
      case 76..<80: kind = .finished(book)
      case 80..<83: kind = .abandoned(book)
      case 83..<88: kind = .rated(book, rating: Bool.random(using: &random) ? 4.5 : nil)
      case 88..<91: kind = .left
      case 91..<95: kind = .joined(name: "\(member) \(sequence)", person: person)
      default: kind = .unknown("cheered")
      }
      events.append(ClubEvent(member: member, sequence: sequence, time: time, kind: kind))
    }
    return events
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
  func theStandingReadInBatchesFoldsAsEveryEventDoes(_ seed: UInt64) async throws {
    var random = SeededGenerator(seed: seed)
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    var everything: [ClubEvent] = []
    // The fourth journal is the first one's person on another device.
    for n in 1...4 {
      let member = Self.memberID(n)
      let journal = Self.journal(
        of: member, person: n == 4 ? Self.memberID(1) : nil, using: &random)
      everything += journal
      // Read in batches of any size, each in any order, some lines read twice (a journal
      // rewritten by a sync tool is read again from where it changed).
      var rest = journal[...]
      while !rest.isEmpty {
        let size = Int.random(in: 1...40, using: &random)
        var batch = Array(rest.prefix(size))
        rest = rest.dropFirst(size)
        if let again = journal.randomElement(using: &random), Bool.random(using: &random) {
          batch.append(again)
        }
        try await library.ingestClubEvents(
          batch.shuffled(using: &random), of: member, in: "club", through: .start)
      }
    }
    let kept = try await library.clubStandingEvents("club", notes: true, now: Self.now)
    #expect(kept.count < everything.count / 4, "a few rows per member, not every event")
    let expected = ClubStatus(events: everything, now: Self.now)
    let standing = ClubStatus(events: kept, now: Self.now)
    #expect(standing == expected)
    #expect(standing.book != nil)
    #expect(standing.members.contains { $0.fractionPerDay != nil })
    #expect(standing.members.count == 3)
    #expect(standing.member(Self.memberID(4))?.journals == [1, 4].map(Self.memberID))
    // Without notes, the same standing with no notes.
    var withoutNotes = expected
    withoutNotes.notes = []
    #expect(
      ClubStatus(
        events: try await library.clubStandingEvents("club", notes: false, now: Self.now),
        now: Self.now) == withoutNotes
    )
    #expect(try await library.clubPick("club", now: Self.now) == expected.book)
  }

  @Test func aLibraryThatKeptEveryEventIsMigratedToItsStanding() async throws {
    var random = SeededGenerator(seed: 42)
    let events = ["ann", "bob"].flatMap { Self.journal(of: $0, using: &random) }
    let path = folder.path("v4.sqlite")
    // Every migration before the one that keeps the standing.
    let before = try #require(Schema.migrations.firstIndex { $0.sql == Schema.clubStanding.sql })
    var sql = Schema.migrations.prefix(before).map(\.sql).joined(separator: ";\n")
    sql += ";\nINSERT INTO schema_migrations VALUES "
    sql += (1...before).map { "(\($0), 0)" }.joined(separator: ", ") + ";"
    sql += "PRAGMA application_id = \(Schema.applicationID);"
    sql += """
      INSERT INTO clubs (id, name, path, member_id, member_name, joined_ms)
      VALUES ('club', 'Club', '/nowhere', 'ann', 'ann', 0);
      """
    for event in events {
      let kind = event.kind
      let (fraction, page, rating, text): (String, String, String, String) =
        switch kind {
        case .progress(_, let fraction, let page):
          ("\(fraction)", page.map(String.init) ?? "NULL", "NULL", "NULL")
        case .note(_, let text, let fraction): ("\(fraction)", "NULL", "NULL", "'\(text)'")
        case .rated(_, let rating): ("NULL", "NULL", rating.map { "\($0)" } ?? "NULL", "NULL")
        case .joined(let name, _): ("NULL", "NULL", "NULL", "'\(name)'")
        default: ("NULL", "NULL", "NULL", "NULL")
        }
      let line = String(decoding: event.jsonLine.dropLast(), as: UTF8.self)
        .replacingOccurrences(of: "'", with: "''")
      sql += """
        INSERT INTO club_events (club_id, member_id, seq, time_ms, kind, book_key, fraction,
          page, rating, text, line)
        VALUES ('club', '\(event.member)', \(event.sequence), \(event.time), '\(kind.name)',
          \(kind.book.map { "'\($0.key)'" } ?? "NULL"), \(fraction), \(page), \(rating), \(text),
          '\(line)');
        """
    }
    let connection = try SQLiteConnection(path: path, mode: .create)
    try connection.execute(sql)
    let library = SQLiteLibrary(path: path)
    let status = ClubStatus(
      events: try await library.clubStandingEvents("club", notes: true, now: Self.now),
      now: Self.now)
    #expect(status == ClubStatus(events: events, now: Self.now))
    #expect(status.members.map(\.id) == ["ann", "bob"])
  }
}
