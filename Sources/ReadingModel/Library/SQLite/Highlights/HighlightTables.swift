#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The `highlights` rows, on the connection of a transaction ``SQLiteLibrary`` opened: a
/// book's highlights, every book's newest first, and the writes ``SQLiteLibrary/apply(_:)``
/// makes. Opens no transaction.
struct HighlightTables {
  let connection: SQLiteConnection

  /// The columns of a highlight, of the table named `h`.
  static let columns =
    "h.id, h.kind, h.text, h.note, h.position, h.page, h.location, h.time_ms, h.color, h.device"
  static let columnCount: Int32 = 10

  static func highlight(from row: SQLiteRow, at first: Int32 = 0) -> Highlight {
    Highlight(
      id: UUID(uuidString: row.text(first)) ?? UUID(),
      kind: Highlight.Kind(rawValue: row.text(first + 1)) ?? .highlight,
      text: row.text(first + 2), note: row.optionalText(first + 3),
      position: row.isNull(first + 4) ? nil : row.fraction(first + 4),
      page: row.integer(first + 5, in: 0...StoredValue.pageCounts.upperBound),
      location: row.optionalText(first + 6), time: row.date(first + 7),
      color: row.optionalText(first + 8), device: row.optionalText(first + 9))
  }

  /// The book's highlights in book order: by position (those without one last), then time.
  func highlights(of book: Book.ID) throws -> [Highlight] {
    try highlights(of: book...book)[book] ?? []
  }

  /// The highlights of every book whose id is in `ids`, each book's in book order.
  func highlights(of ids: ClosedRange<Book.ID>) throws -> [Book.ID: [Highlight]] {
    var found: [Book.ID: [Highlight]] = [:]
    try connection.forEach(
      """
      SELECT h.book_id, \(Self.columns) FROM highlights h WHERE h.book_id BETWEEN ? AND ?
      ORDER BY h.book_id, h.position IS NULL, h.position, h.page IS NULL, h.page, h.time_ms, h.id
      """, [.integer(ids.lowerBound), .integer(ids.upperBound)]
    ) { row in
      found[row.int64(0), default: []].append(Self.highlight(from: row, at: 1))
    }
    return found
  }

  /// Every book's highlights, newest first, with their books: at most `limit`, only those
  /// whose text or note holds `search` (case ignored) when given.
  func newest(search: String?, limit: Int) throws -> [(book: Book, highlight: Highlight)] {
    var values: [SQLiteValue?] = []
    var filter = ""
    if let search, !search.isEmpty {
      filter = "WHERE (h.text LIKE ? ESCAPE '\\' OR h.note LIKE ? ESCAPE '\\')"
      let pattern = "%" + Self.escapedForLike(search) + "%"
      values += [.text(pattern), .text(pattern)]
    }
    return try connection.all(
      """
      SELECT \(BookTables.columns), \(Self.columns) FROM highlights h
      JOIN books b ON b.id = h.book_id \(filter)
      ORDER BY h.time_ms DESC, h.id LIMIT ?
      """, values + [.integer(Int64(limit))]
    ) { (BookTables.book(from: $0), Self.highlight(from: $0, at: BookTables.columnCount)) }
  }

  /// `text` with LIKE's own characters taken literally (`\` escapes).
  private static func escapedForLike(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }

  /// Adds the highlights the library does not have yet (by id); the others are left as
  /// they are, so an ingest read again adds nothing.
  ///
  /// - Returns: The highlights added.
  func add(_ highlights: [Highlight], to book: Book.ID) throws -> [Highlight] {
    var added: [Highlight] = []
    for highlight in highlights {
      if let problem = highlight.problem { throw problem }
      try connection.run(
        """
        INSERT OR IGNORE INTO highlights (id, book_id, kind, text, note, position, page,
          location, time_ms, color, device)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
        [
          .text(highlight.id.uuidString), .integer(book), .text(highlight.kind.rawValue),
          .text(highlight.text), highlight.note.map { .text($0) },
          highlight.position.map { .real($0) }, highlight.page.map { .integer(Int64($0)) },
          highlight.location.map { .text($0) }, .integer(highlight.time.milliseconds),
          highlight.color.map { .text($0) }, highlight.device.map { .text($0) },
        ])
      if connection.changes > 0 { added.append(highlight) }
    }
    return added
  }

  /// What merging a device's highlights into a book did.
  struct Merged {
    var added: [Highlight] = []
    /// Highlights whose text the device changed, or whose note it gave.
    var updated: [Highlight] = []
    /// Notes written here that differ from the device's, kept: where, and the device's.
    var notesKept: [(place: String, device: String)] = []
  }

  /// Merges a device's highlights into a book. One the book does not have is added (unless
  /// it was removed here: `removed_highlights`), its position worked out from its page where
  /// the device gave none. One it has takes the device's text (the device owns what was
  /// marked) and the device's note where it has none; a note written here is kept.
  func merge(_ highlights: [Highlight], into book: Book) throws -> Merged {
    var merged = Merged()
    for var highlight in highlights {
      if let problem = highlight.problem { throw problem }
      let id = highlight.id.uuidString
      if try connection.integer(
        "SELECT 1 FROM removed_highlights WHERE id = ?", [.text(id)]) != nil
      {
        continue
      }
      guard
        var mine = try connection.first(
          "SELECT \(Self.columns) FROM highlights h WHERE h.id = ?", [.text(id)],
          { Self.highlight(from: $0) })
      else {
        if highlight.position == nil, let page = highlight.page, let pages = book.pageCount,
          pages > 0
        {
          highlight.position = StoredValue.fraction(min(Double(page) / Double(pages), 1))
        }
        merged.added += try add([highlight], to: book.id)
        continue
      }
      var changed = false
      if mine.text != highlight.text {
        mine.text = highlight.text
        changed = true
      }
      if let note = highlight.note, mine.note != note {
        if mine.note == nil {
          mine.note = note
          changed = true
        } else {
          merged.notesKept.append(
            (highlight.location ?? highlight.page.map { "page \($0)" } ?? "?", note))
        }
      }
      guard changed else { continue }
      try connection.run(
        "UPDATE highlights SET text = ?, note = ? WHERE id = ?",
        [.text(mine.text), mine.note.map { .text($0) }, .text(id)])
      merged.updated.append(mine)
    }
    return merged
  }

  /// The highlight whose id starts with `prefix` (any case), with its book; `nil` when none
  /// or several do.
  func highlight(startingWith prefix: String) throws -> (highlight: Highlight, book: Book.ID)? {
    let found = try connection.all(
      "SELECT h.book_id, \(Self.columns) FROM highlights h WHERE h.id LIKE ? ESCAPE '\\' LIMIT 2",
      [.text(Self.escapedForLike(prefix.uppercased()) + "%")]
    ) { ($0.int64(0), Self.highlight(from: $0, at: 1)) }
    guard found.count == 1 else { return nil }
    return (found[0].1, found[0].0)
  }

  /// Removes a highlight. A device's leaves its id behind, so that reading the device
  /// again does not bring it back.
  ///
  /// - Returns: The highlight as it was.
  func remove(_ id: UUID) throws -> Highlight {
    guard let (highlight, book) = try highlight(startingWith: id.uuidString) else {
      throw HighlightError.notFound(id.uuidString)
    }
    try connection.run("DELETE FROM highlights WHERE id = ?", [.text(id.uuidString)])
    if highlight.device != nil {
      try connection.run(
        "INSERT OR IGNORE INTO removed_highlights (id, book_id) VALUES (?, ?)",
        [.text(id.uuidString), .integer(book)])
    }
    return highlight
  }

  /// Replaces a highlight's note; `nil` or blank removes it.
  ///
  /// - Returns: The highlight as it is now.
  func setNote(_ note: String?, of id: UUID) throws -> Highlight {
    guard var (highlight, _) = try highlight(startingWith: id.uuidString) else {
      throw HighlightError.notFound(id.uuidString)
    }
    let note = note.flatMap { $0.trimmingWhitespace().isEmpty ? nil : $0 }
    highlight.note = note
    if let problem = highlight.problem { throw problem }
    try connection.run(
      "UPDATE highlights SET note = ? WHERE id = ?",
      [note.map { .text($0) }, .text(id.uuidString)])
    return highlight
  }

  /// How many highlights the book has.
  func count(of book: Book.ID) throws -> Int {
    Int(
      try connection.integer("SELECT count(*) FROM highlights WHERE book_id = ?", [.integer(book)])
        ?? 0)
  }
}
