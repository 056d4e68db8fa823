#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `bookclub stats`: every figure an aggregate over an index — finishes by
/// `book_readings_by_end`, progress by `progress_by_time` — on the connection of one read
/// transaction ``SQLiteLibrary`` opened.
struct StatsTables {
  let connection: SQLiteConnection

  /// The stats of `year`, or of all time when `nil`.
  ///
  /// - Parameters:
  ///   - zone: The reader's time zone: progress counts on the day it was local.
  ///   - countingEditions: Count every edition's finished reading, even one that overlaps a
  ///     reading of another edition of its work (by default those are one reading).
  func stats(year: Int?, zone: TimeZoneRules, countingEditions: Bool = false) throws
    -> ReadingStats
  {
    var stats = ReadingStats(year: year)
    let range = Self.range(year)
    try finishes(into: &stats, range: range)
    if !countingEditions { try countWorks(in: &stats, range: range) }
    try standouts(into: &stats, range: range)
    let abandoned =
      try year == nil
      ? connection.integer("SELECT books FROM book_counts WHERE status = 'abandoned'")
      : connection.integer(
        """
        SELECT count(*) FROM book_readings
        WHERE end_day BETWEEN ? AND ? AND abandoned = 1
        """, range)
    stats.abandoned = Int(abandoned ?? 0)
    stats.finishedDateUnknown = Int(
      try connection.integer(
        "SELECT count(*) FROM books WHERE status = 'finished' AND finished_day = ''") ?? 0)
    try readingDays(into: &stats, zone: zone)
    stats.sessions = try sessions(of: stats.year, zone: zone)
    return stats
  }

  /// The finished readings of the range: totals, by month or by year, rating, days taken.
  private func finishes(into stats: inout ReadingStats, range: [SQLiteValue?]) throws {
    let byYear = stats.year == nil
    let buckets = try connection.all(
      """
      SELECT CAST(substr(r.end_day, \(byYear ? 1 : 6), \(byYear ? 4 : 2)) AS INTEGER),
        count(*), coalesce(sum(\(StoredValue.countedPagesSQL("b"))), 0),
        coalesce(sum(\(StoredValue.countedSecondsSQL("b"))), 0)
      FROM book_readings r JOIN books b ON b.id = r.book_id
      WHERE r.end_day BETWEEN ? AND ? AND r.abandoned = 0
      GROUP BY 1 ORDER BY 1
      """, range
    ) {
      ReadingStats.Bucket(
        key: Int($0.int64(0)), books: Int($0.int64(1)), pages: Int($0.int64(2)),
        seconds: Int($0.int64(3)))
    }
    stats.booksFinished = buckets.reduce(0) { $0 + $1.books }
    stats.pagesFinished = buckets.reduce(0) { $0 + $1.pages }
    stats.secondsFinished = buckets.reduce(0) { $0 + $1.seconds }
    if byYear {
      stats.byYear = buckets
    } else {
      for bucket in buckets where (1...12).contains(bucket.key) {
        stats.byMonth[bucket.key - 1] = bucket
      }
    }
    stats.averageRating =
      try connection.first(
        """
        SELECT avg(rating) FROM books WHERE rating > 0 AND rating <= 5 AND id IN (SELECT book_id FROM book_readings
          WHERE end_day BETWEEN ? AND ? AND abandoned = 0)
        """, range
      ) { $0.optionalDouble(0) } ?? nil
    stats.averageDaysToFinish =
      try connection.first(
        """
        SELECT avg(julianday(end_day) - julianday(start_day)) FROM book_readings
        WHERE end_day BETWEEN ? AND ? AND abandoned = 0 AND start_day IS NOT NULL
        """, range
      ) { $0.optionalDouble(0) } ?? nil
  }

  /// Takes the readings that repeat an overlapping reading of the same work out of the
  /// books finished, from the bucket each one's finish falls in.
  private func countWorks(in stats: inout ReadingStats, range: [SQLiteValue?]) throws {
    for day in try WorkRepeats(connection: connection).repeatedFinishes(in: range) {
      stats.booksFinished -= 1
      if stats.year == nil {
        if let index = stats.byYear.firstIndex(where: { $0.key == Int(day.prefix(4)) }) {
          stats.byYear[index].books -= 1
        }
      } else if let month = Int(day.dropFirst(5).prefix(2)), (1...12).contains(month) {
        stats.byMonth[month - 1].books -= 1
      }
    }
  }

  /// The longest and shortest book finished, and the authors and tags finished most.
  private func standouts(into stats: inout ReadingStats, range: [SQLiteValue?]) throws {
    let pages = StoredValue.countedPagesSQL("b")
    for descending in [true, false] {
      let book = try connection.first(
        """
        SELECT b.id, b.title, \(pages) FROM book_readings r JOIN books b ON b.id = r.book_id
        WHERE r.end_day BETWEEN ? AND ? AND r.abandoned = 0 AND \(pages) IS NOT NULL
        ORDER BY 3 \(descending ? "DESC" : "ASC"), b.id LIMIT 1
        """, range
      ) { ReadingStats.Standout(id: $0.int64(0), title: $0.text(1), pages: Int($0.int64(2))) }
      if descending { stats.longest = book } else { stats.shortest = book }
    }
    stats.topAuthors = try connection.all(
      """
      SELECT min(b.authors), count(*) FROM book_readings r JOIN books b ON b.id = r.book_id
      WHERE r.end_day BETWEEN ? AND ? AND r.abandoned = 0
      GROUP BY b.author_key ORDER BY 2 DESC, b.author_key LIMIT 5
      """, range
    ) {
      let first = $0.text(0).split(separator: "\n").first.map(String.init) ?? ""
      return ReadingStats.Ranked(name: first, books: Int($0.int64(1)))
    }
    stats.topTags = try connection.all(
      """
      SELECT min(t.tag), count(*) FROM book_readings r JOIN book_tags t ON t.book_id = r.book_id
      WHERE r.end_day BETWEEN ? AND ? AND r.abandoned = 0
      GROUP BY t.tag_key ORDER BY 2 DESC, t.tag_key LIMIT 5
      """, range
    ) { ReadingStats.Ranked(name: $0.text(0), books: Int($0.int64(1))) }
  }

  /// The first millisecond of the local year and of the next (all time: every one).
  private static func bounds(of year: Int?, zone: TimeZoneRules) -> [SQLiteValue?] {
    guard let year else { return [.integer(Int64.min), .integer(Int64.max)] }
    func start(_ year: Int) -> Int64 {
      CalendarDay(year: year, month: 1, day: 1)!.start(in: zone).milliseconds
    }
    return [.integer(start(year)), .integer(start(year + 1))]
  }

  /// The year's sessions (all time: `nil`), by the local day they started in.
  private func sessions(of year: Int?, zone: TimeZoneRules) throws -> SessionStats {
    let bounds = Self.bounds(of: year, zone: zone)
    let sessions = try connection.all(
      """
      SELECT s.book_id, b.title, \(SessionTables.columns) FROM reading_sessions s
      JOIN books b ON b.id = s.book_id WHERE s.start_ms >= ? AND s.start_ms < ?
      ORDER BY s.start_ms
      """, bounds
    ) { ($0.int64(0), $0.text(1), SessionTables.session(from: $0, at: 2)) }
    return SessionStats(sessions, zone: zone)
  }

  /// Pages read and seconds listened each day of the year (all time: each day), from the
  /// progress entries: an entry reads the pages (or listens to the time) from the book's
  /// entry before it (from 0 for its first).
  private func readingDays(into stats: inout ReadingStats, zone: TimeZoneRules) throws {
    let bounds = Self.bounds(of: stats.year, zone: zone)
    try connection.forEach(
      """
      SELECT e.time_ms, e.progress, \(StoredValue.countedPagesSQL("b")),
        (SELECT p.progress FROM progress_entries p
          WHERE p.book_id = e.book_id AND p.kind = 'progress'
            AND (p.time_ms < e.time_ms OR (p.time_ms = e.time_ms AND p.id < e.id))
          ORDER BY p.time_ms DESC, p.id DESC LIMIT 1), \(StoredValue.countedSecondsSQL("b"))
      FROM progress_entries e JOIN books b ON b.id = e.book_id
      WHERE e.time_ms >= ? AND e.time_ms < ? AND e.kind = 'progress'
      """, bounds
    ) { row in
      let day = LocalTime(row.date(0), in: zone).day
      let read = max(0, row.fraction(1) - (row.optionalFraction(3) ?? 0))
      let pages = Int((read * Double(row.pageCount(2) ?? 0)).rounded())
      stats.pagesByDay[day, default: 0] += pages
      stats.pagesByWeekday[day.weekdayFromMonday] += pages
      if let length = row.optionalInt64(4) {
        let seconds = Int((read * Double(length)).rounded())
        stats.secondsByDay[day, default: 0] += seconds
        stats.secondsByWeekday[day.weekdayFromMonday] += seconds
      }
    }
  }

  /// The finished readings of the year (all time: `nil`) in groups, the most books first.
  func groups(by grouping: StatsGrouping, year: Int?) throws -> [StatsGroup] {
    let (name, join, key) =
      switch grouping {
      case .format: ("coalesce(min(b.format), '')", "", "b.format")
      case .author: ("min(b.authors)", "", "b.author_key")
      case .tag: ("min(t.tag)", "JOIN book_tags t ON t.book_id = r.book_id", "t.tag_key")
      case .mood: ("min(m.mood)", "JOIN book_moods m ON m.book_id = r.book_id", "m.mood_key")
      case .series:
        ("min(s.series)", "JOIN book_series s ON s.book_id = r.book_id", "s.series_key")
      }
    return try connection.all(
      """
      SELECT \(name), count(*), coalesce(sum(\(StoredValue.countedPagesSQL("b"))), 0),
        coalesce(sum(\(StoredValue.countedSecondsSQL("b"))), 0),
        avg(julianday(r.end_day) - julianday(r.start_day))
      FROM book_readings r JOIN books b ON b.id = r.book_id \(join)
      WHERE r.end_day BETWEEN ? AND ? AND r.abandoned = 0
      GROUP BY \(key) ORDER BY 2 DESC, \(key)
      """, Self.range(year)
    ) { row in
      // An author's group is named by the first author of its books.
      let text = row.text(0)
      return StatsGroup(
        name: grouping == .author ? text.lineItems.first ?? "" : text,
        books: Int(row.int64(1)), pages: Int(row.int64(2)), seconds: Int(row.int64(3)),
        averageDaysToFinish: row.optionalDouble(4))
    }
  }

  /// The days of `year` as `end_day` holds them, or of all time.
  private static func range(_ year: Int?) -> [SQLiteValue?] {
    year.map { [.text("\(Self.pad($0))-01-01"), .text("\(Self.pad($0))-12-31")] }
      ?? [.text("0000-01-01"), .text("9999-12-31")]
  }

  /// A year as four digits, as days are written.
  private static func pad(_ year: Int) -> String {
    year < 10 ? "000\(year)" : year < 100 ? "00\(year)" : year < 1000 ? "0\(year)" : "\(year)"
  }
}
