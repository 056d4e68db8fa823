#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// KOReader's `statistics.sqlite3`: every page turn of every book, with its time and how long
/// the page was read, turned into reading sessions. Read from a private copy, or straight
/// from the file opened read-only and immutable: the device's file is never written.
public struct KOReaderStatistics: Sendable {
  /// A book of the database, with its sessions.
  public struct Book: Sendable, Equatable {
    /// KOReader's checksum of the book's file; empty in databases that never had one.
    public var checksum: String
    public var title: String
    public var authors: [String]
    public var series: String?
    public var sessions: [ReadingSession] = []
    /// The last page turn: how far through, and when.
    public var position: DevicePosition?
  }

  /// Turns more than this far apart are two sessions.
  public static let sessionGap: Int64 = 10 * 60

  public var books: [Book] = []
  /// Page turns left out, and why (an impossible time, a negative duration).
  public var rowsLeftOut: [String: Int] = [:]

  /// Reads the database at `path`.
  ///
  /// - Parameters:
  ///   - now: Times after it (and before 2000) are a clock gone wrong: those turns are left
  ///     out.
  /// - Throws: ``DeviceFileError/damaged(_:reason:)`` for a file that is no KOReader
  ///   statistics database or cannot be read.
  public init(path: String, now: Date) throws(DeviceFileError) {
    do {
      try DeviceDatabase.read(path) { connection in
        try self.read(connection, now: now)
      }
    } catch let error as DeviceFileError {
      throw error
    } catch {
      throw .damaged(path, reason: "\(error)")
    }
  }

  private mutating func read(_ connection: SQLiteConnection, now: Date) throws {
    let tables = Set(
      try connection.all("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')") {
        $0.text(0)
      })
    guard tables.contains("book") else {
      throw DeviceFileError.damaged(connection.path, reason: "it has no table of books")
    }
    var byID: [Int64: Book] = [:]
    var order: [Int64] = []
    try connection.forEach("SELECT id, title, authors, md5, series FROM book ORDER BY id", []) {
      row in
      let title = row.text(1).trimming { $0 == "\0" || $0.isWhitespace }
      let series = row.optionalText(4).flatMap { $0.isEmpty || $0 == "N/A" ? nil : $0 }
      byID[row.int64(0)] = Book(
        checksum: row.optionalText(3) ?? "", title: title,
        authors: row.text(2).split(whereSeparator: \.isNewline).map { $0.trimmingWhitespace() }
          .filter { !$0.isEmpty && $0 != "N/A" },
        series: series.flatMap { SeriesPlace(text: $0) == nil ? nil : $0 })
      order.append(row.int64(0))
    }
    // Databases before 2020 kept turns in a table `page_stat` without the page count.
    let turns =
      tables.contains("page_stat_data")
      ? "SELECT id_book, page, start_time, duration, total_pages FROM page_stat_data"
      : "SELECT id_book, page, start_time, period, (SELECT pages FROM book WHERE id = id_book) "
        + "FROM page_stat"
    var gatherer = SessionGatherer(now: now)
    try connection.forEach(turns + " ORDER BY id_book, start_time", []) { row in
      let turn = PageTurn(
        book: row.int64(0), page: row.int64(1), start: row.int64(2), seconds: row.int64(3),
        pages: row.isNull(4) ? 0 : row.int64(4))
      if let problem = gatherer.add(turn) { rowsLeftOut[problem, default: 0] += 1 }
    }
    for (id, gathered) in gatherer.finish() {
      guard var book = byID[id] else {
        rowsLeftOut["of a book the database does not have", default: 0] += gathered.turns
        continue
      }
      let key =
        book.checksum.isEmpty ? book.title + "/" + (book.authors.first ?? "") : book.checksum
      book.sessions = gathered.sessions.map { $0.session(key: key) }
      book.position = gathered.position
      byID[id] = book
    }
    books = order.compactMap { byID[$0] }
  }
}

/// One row of `page_stat_data`.
struct PageTurn {
  var book: Int64
  var page: Int64
  /// Unix seconds.
  var start: Int64
  var seconds: Int64
  /// The page count when it was turned.
  var pages: Int64
}
