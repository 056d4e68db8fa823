import Foundation
import TestSupport
import Testing

@testable import ReadingModel

/// Every question `list` can ask is answered through an index: `EXPLAIN QUERY PLAN` of each
/// page and count query never reads the whole `books` table. (Speed itself is measured in
/// `bench/`, never here.)
@Suite struct QueryPlanTests {
  let folder = TemporaryFolder()

  /// Each filter `list` has, alone; every sort is tried with each.
  static let filters: [(String, PageQuery)] = [
    ("none", PageQuery()),
    ("status", PageQuery(status: .reading)),
    ("tag", PageQuery(tags: ["classics"])),
    ("two tags", PageQuery(tags: ["classics", "poetry"])),
    ("rating", PageQuery(ratingAtLeast: 4)),
    ("finished in", PageQuery(finishedIn: 2024)),
    ("added since", PageQuery(addedSince: Date(milliseconds: 1_700_000_000_000))),
    ("a rare word", PageQuery(search: "middlemarch")),
    ("series", PageQuery(series: "The Broken Earth")),
    ("mood", PageQuery(moods: ["dark"])),
    ("pace", PageQuery(pace: "fast")),
    ("format", PageQuery(format: .audiobook)),
    ("up next", PageQuery(queued: true)),
  ]

  /// The plan's lines.
  func plan(_ sql: String, _ parameters: [SQLiteValue?], on connection: SQLiteConnection)
    throws -> [String]
  {
    try connection.all("EXPLAIN QUERY PLAN " + sql, parameters) { $0.text(3) }
  }

  /// `SCAN b` (or `SCAN books`) with no index: every row read.
  func readsWholeTable(_ line: String) -> Bool {
    let words = line.split(separator: " ")
    return words.first == "SCAN"
      && (words.dropFirst().first == "b" || words.dropFirst().first == "books")
      && !line.contains(" USING ")
  }

  /// The plan of `sql` in a library of 50 books.
  func planInSmallLibrary(_ sql: String, _ parameters: [SQLiteValue?]) async throws -> [String] {
    let path = folder.path("library.sqlite")
    try await SQLiteLibrary(path: path).bulkAdd((0..<50).map(sampleBook))
    return try plan(sql, parameters, on: SQLiteConnection(path: path, mode: .readOnly))
  }

  /// What `club status` asks once per member: where their pace starts, read off the pace
  /// table's key from the window's hour on, one row, never every point sorted by time.
  @Test func aMembersPaceStartIsReadAlongThePaceKey() async throws {
    let lines = try await planInSmallLibrary(
      ClubStandingTables.paceStart,
      [.text("c"), .text("m"), .text("b"), .integer(10), .integer(36_000_000)])
    #expect(lines.contains { $0.contains("SEARCH club_pace USING PRIMARY KEY") }, "\(lines)")
    #expect(lines.contains { $0.contains("hour>?") }, "\(lines)")
    #expect(!lines.contains { $0.contains("TEMP B-TREE") }, "\(lines)")
  }

  /// What `club status` asks first: the club's latest pick, off the picks' own index,
  /// backwards, one row, never every member's standing read and sorted.
  @Test func aClubsLatestPickIsReadOffThePicksIndex() async throws {
    let lines = try await planInSmallLibrary(
      ClubStandingTables.latestPick, [.text("c"), .integer(36_000_000)])
    #expect(lines.contains { $0.contains("USING INDEX club_standing_picks") }, "\(lines)")
    #expect(!lines.contains { $0.contains("TEMP B-TREE") }, "\(lines)")
  }

  /// What a sync journals after every command that writes: the changes after a mark, read
  /// by their `seq`, never every import's members.
  @Test func theChangesSinceTheJournalsMarkAreReadBySequence() async throws {
    let lines = try await planInSmallLibrary(SyncTables.changedSince, [.integer(10)])
    #expect(lines.contains { $0.contains("library_change_members_by_seq") }, "\(lines)")
    #expect(!lines.contains { $0.contains("library_change_members_by_book") }, "\(lines)")
  }

  /// What stats and goals read to count a work once: off the works' own index, never the
  /// year's readings of every book.
  @Test func aWorksRepeatedReadingsAreReadOffTheWorksIndex() async throws {
    let lines = try await planInSmallLibrary(
      WorkRepeats.finishedReadings, [.text("2024-01-01"), .text("2024-12-31")])
    #expect(lines.first?.contains("book_details_by_work") == true, "\(lines)")
  }

  @Test(arguments: BookSort.allCases)
  func everyFilterInEveryOrderUsesAnIndex(sort: BookSort) async throws {
    let path = folder.path("library.sqlite")
    let library = SQLiteLibrary(path: path)
    try await library.bulkAdd((0..<50).map(sampleBook))
    let connection = try SQLiteConnection(path: path, mode: .readOnly)
    for (name, filter) in Self.filters {
      var query = filter
      query.sort = sort
      let words = try SearchWord.words(of: query.search, on: connection)
      for (kind, (sql, parameters)) in [
        ("page", PageSQL.page(query, words: words)),
        ("count", PageSQL.count(query, words: words)),
      ] {
        let lines = try plan(sql, parameters, on: connection)
        // In id order with no filter, reading the table in order is reading its key (a
        // series' order with no series named is id order).
        let inKeyOrder =
          (sort == .id || (sort.needsSeries && query.series == nil)
            || (sort.needsQueue && !query.queued)) && name == "none" && kind == "page"
        #expect(
          inKeyOrder || !lines.contains(where: readsWholeTable),
          "\(kind) of \(name) by \(sort): \(lines.joined(separator: " | "))")
        // With no filter or the status alone, the page comes off an index in its order.
        if kind == "page", name == "none" || name == "status", !sort.needsSeries {
          #expect(
            !lines.contains { $0.contains("TEMP B-TREE") },
            "\(name) by \(sort): \(lines.joined(separator: " | "))")
        }
      }
    }
  }
}
