#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a book's record holds beyond what lists show (`book_details`, its tags, readings
/// and source ids), on the connection of a transaction ``SQLiteLibrary`` opened.
struct BookDetailTables {
  let connection: SQLiteConnection

  /// The book's details (empty for a book without).
  func details(of bookID: Book.ID) throws -> BookDetails {
    try details(of: bookID...bookID)[bookID] ?? BookDetails()
  }

  /// The details of every book whose id is in `ids`, in two queries: exports read a page of
  /// books at a time.
  func details(of ids: ClosedRange<Book.ID>) throws -> [Book.ID: BookDetails] {
    var found: [Book.ID: BookDetails] = [:]
    try connection.forEach(
      """
      SELECT d.book_id, d.rating, d.review, d.tags, d.readings, d.read_count, d.publisher,
        d.publication_year, d.binding, d.private_notes, d.edition_year, d.contributors,
        d.identifiers, d.author_last_first, d.date_added_unknown, d.spoiler, d.series, d.up_next,
        d.moods, d.pace, d.warnings, d.warning_note, d.owned, d.work
      FROM book_details d WHERE d.book_id BETWEEN ? AND ?
      """, [.integer(ids.lowerBound), .integer(ids.upperBound)]
    ) { row in
      found[row.int64(0)] = BookDetails(
        rating: row.rating(1),
        review: row.optionalText(2),
        tags: Self.lines(row.text(3)),
        readings: Self.lines(row.text(4)).map(ReadingPeriod.init(text:)),
        readCount: row.integer(5, in: StoredValue.readCounts),
        publisher: row.optionalText(6),
        publicationYear: row.integer(7, in: StoredValue.years),
        editionYear: row.integer(10, in: StoredValue.years),
        binding: row.optionalText(8),
        privateNotes: row.optionalText(9),
        contributors: Self.lines(row.text(11)),
        identifiers: Self.lines(row.text(12)),
        authorSort: row.optionalText(13),
        dateAddedUnknown: row.int64(14) != 0,
        spoiler: row.int64(15) != 0,
        series: Self.lines(row.text(16)).compactMap(SeriesPlace.init(text:)),
        upNext: row.optionalText(17).flatMap { UpNextKey.isValid($0) ? $0 : nil },
        moods: Self.lines(row.text(18)), pace: row.optionalText(19),
        warnings: Self.lines(row.text(20)), warningNote: row.optionalText(21),
        ownedCopies: row.integer(22, in: StoredValue.copies),
        work: row.optionalText(23).flatMap { WorkKey.isValid($0) ? $0 : nil })
    }
    try connection.forEach(
      "SELECT book_id, source, source_id FROM book_sources WHERE book_id BETWEEN ? AND ?",
      [.integer(ids.lowerBound), .integer(ids.upperBound)]
    ) { row in
      found[row.int64(0), default: BookDetails()].sourceIDs[row.text(1)] = row.text(2)
    }
    return found
  }

  /// Replaces a book's details. Source ids are kept apart, with their merge bases (see
  /// ``BookSourceTables/link(_:to:id:base:replacing:into:)``).
  ///
  /// - Parameters:
  ///   - isNewBook: The book was just inserted with these details
  ///     (``BookTables/insert(_:details:keepingID:keys:into:)``): its row and tags need no
  ///     update.
  ///   - tables: The library's tables, or (for a new book only) an import's staging tables.
  func save(
    _ details: BookDetails, of bookID: Book.ID, isNewBook: Bool = false,
    into tables: BookTableNames = .library
  ) throws {
    // A new book has no row to replace, and a plain insert spares SQLite the statement
    // journal a replace needs.
    try connection.run(
      """
      INSERT \(isNewBook ? "" : "OR REPLACE ")INTO \(tables.details) (book_id, rating, review,
        tags, readings, read_count, publisher, publication_year, binding, private_notes, edition_year, contributors,
        identifiers, author_last_first, date_added_unknown, spoiler, series, up_next, moods, pace,
        warnings, warning_note, owned, work)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        .integer(bookID), details.rating.map { .real($0) }, details.review.map { .text($0) },
        .text(details.tags.joined(separator: "\n")),
        .text(details.readings.map(\.text).joined(separator: "\n")),
        details.readCount.map { .integer(Int64($0)) }, details.publisher.map { .text($0) },
        details.publicationYear.map { .integer(Int64($0)) }, details.binding.map { .text($0) },
        details.privateNotes.map { .text($0) }, details.editionYear.map { .integer(Int64($0)) },
        .text(details.contributors.joined(separator: "\n")),
        .text(details.identifiers.joined(separator: "\n")), details.authorSort.map { .text($0) },
        .integer(details.dateAddedUnknown ? 1 : 0), .integer(details.spoiler ? 1 : 0),
        .text(details.series.map(\.text).joined(separator: "\n")),
        details.upNext.map { .text($0) }, .text(details.moods.joined(separator: "\n")),
        details.pace.map { .text($0) }, .text(details.warnings.joined(separator: "\n")),
        details.warningNote.map { .text($0) }, details.ownedCopies.map { .integer(Int64($0)) },
        details.work.map { .text($0) },
      ])
    if !isNewBook {
      // The columns lists sort and filter by, kept in step in the same transaction.
      try connection.run(
        """
        UPDATE books SET rating = ?, finished_day = ?,
          author_sort = coalesce(?, author_sort) WHERE id = ?
        """,
        BookTables.detailColumns(details) + [
          details.authorSort.flatMap { $0.isEmpty ? nil : .text(SearchKey.fold($0)) },
          .integer(bookID),
        ])
      try connection.run("DELETE FROM book_tags WHERE book_id = ?", [.integer(bookID)])
      try connection.run("DELETE FROM book_readings WHERE book_id = ?", [.integer(bookID)])
      try connection.run("DELETE FROM book_series WHERE book_id = ?", [.integer(bookID)])
      try connection.run("DELETE FROM book_moods WHERE book_id = ?", [.integer(bookID)])
    }
    try insertReadings(details.readings, of: bookID, into: tables)
    try insertSeries(details.series, of: bookID, into: tables)
    for mood in details.moods {
      try connection.run(
        "INSERT OR IGNORE INTO \(tables.moods) (mood_key, book_id, mood) VALUES (?, ?, ?)",
        [.text(SearchKey.fold(mood)), .integer(bookID), .text(mood)])
    }
    for tag in details.tags {
      try connection.run(
        "INSERT OR IGNORE INTO \(tables.tags) (tag_key, book_id, tag) VALUES (?, ?, ?)",
        [.text(SearchKey.fold(tag)), .integer(bookID), .text(tag)])
    }
  }

  /// Writes every book's readings to their rows again, from the details: after the
  /// migration that made the rows, and after a repair.
  func rebuildReadings() throws {
    try connection.run("DELETE FROM book_readings")
    let rows = try connection.all(
      "SELECT book_id, readings FROM book_details WHERE readings <> ''"
    ) { ($0.int64(0), $0.text(1)) }
    for (book, text) in rows {
      let readings = text.split(separator: "\n").map(ReadingPeriod.init(text:))
      try insertReadings(readings, of: book, into: .library)
    }
  }

  /// Writes a book's readings to their own rows (``Schema/readingsAndGoals``), in order.
  private func insertReadings(
    _ readings: [ReadingPeriod], of bookID: Book.ID, into tables: BookTableNames
  ) throws {
    for (position, reading) in readings.enumerated() {
      try connection.run(
        """
        INSERT INTO \(tables.readings) (book_id, position, start_day, end_day, abandoned)
        VALUES (?, ?, ?, ?, ?)
        """,
        [
          .integer(bookID), .integer(Int64(position)),
          reading.start.map { .text($0.description) }, reading.end.map { .text($0.description) },
          .integer(reading.abandoned ? 1 : 0),
        ])
    }
  }

  /// Writes a book's places in series to their rows, one a series (a second place in one
  /// series, which only a hand-edited file could give, keeps the first).
  func insertSeries(
    _ places: [SeriesPlace], of bookID: Book.ID, into tables: BookTableNames
  ) throws {
    for place in places {
      try connection.run(
        """
        INSERT OR IGNORE INTO \(tables.series)
          (series_key, book_id, series, position, position_order) VALUES (?, ?, ?, ?, ?)
        """,
        [
          .text(place.key), .integer(bookID), .text(place.name),
          place.position.map { .text($0.description) }, place.position.map { .real($0.order) },
        ])
    }
  }

  /// Writes every book's places in series to their rows again, from the details: after a
  /// repair.
  func rebuildSeries() throws {
    try connection.run("DELETE FROM book_series")
    let rows = try connection.all(
      "SELECT book_id, series FROM book_details WHERE series <> ''"
    ) { ($0.int64(0), $0.text(1)) }
    for (book, text) in rows {
      try insertSeries(
        Self.lines(text).compactMap(SeriesPlace.init(text:)), of: book, into: .library)
    }
  }

  /// Writes every book's moods to their rows again, from the details: after a repair, and
  /// when the folding changes.
  func rebuildMoods() throws {
    try connection.run("DELETE FROM book_moods")
    let rows = try connection.all(
      "SELECT book_id, moods FROM book_details WHERE moods <> ''"
    ) { ($0.int64(0), $0.text(1)) }
    for (book, text) in rows {
      for mood in Self.lines(text) {
        try connection.run(
          "INSERT OR IGNORE INTO book_moods (mood_key, book_id, mood) VALUES (?, ?, ?)",
          [.text(SearchKey.fold(mood)), .integer(book), .text(mood)])
      }
    }
  }

  /// Every tag with how many books have it, by tag.
  func tags() throws -> [TagCount] {
    try connection.all(
      """
      SELECT min(tag), count(*) FROM book_tags GROUP BY tag_key ORDER BY tag_key
      """
    ) { TagCount(tag: $0.text(0), books: Int($0.int64(1))) }
  }

  /// The lines of a stored list, empty ones kept. Split at the line feed's byte (every book
  /// of an export splits four lists); a `\r\n`, one character, goes the general way.
  private static func lines(_ text: String) -> [String] {
    let utf8 = text.utf8
    if text.isEmpty { return [] }
    if !utf8.contains(0x0A) { return [text] }
    guard !utf8.contains(0x0D) else {
      return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
    return utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map {
      String(Substring($0))
    }
  }
}
