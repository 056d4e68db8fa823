import Foundation

extension SQLiteLibrary {
  public func importBooks(
    from makeSource: @Sendable () throws -> any ImportSource,
    dryRun: Bool,
    progress: (@Sendable (ImportProgress) -> Void)?
  ) throws -> ImportSummary {
    // Opened before the write: a file that cannot be read leaves even a missing library
    // uncreated.
    var source = try makeSource()
    do {
      return try writing { connection in
        var summary = ImportSummary(format: source.formatName)
        summary.columnsNotKept = source.columnsNotKept
        while let row = try source.next() {
          switch row {
          case .book(let book): try count(upsert(book, on: connection), in: &summary)
          case .archived(let item): try count(upsert(item, on: connection), in: &summary)
          case .skip(let line, let reason):
            summary.skipped.append(ImportSummary.SkippedRow(line: line, reason: reason))
          }
          if summary.rows % 500 == 0 {
            // Ctrl-C arrives as cancellation: throwing rolls the whole import back.
            try Task.checkCancellation()
            progress?(
              ImportProgress(
                bytesRead: source.bytesRead, totalBytes: source.totalBytes, rows: summary.rows))
          }
        }
        summary.remarks = source.remarks
        try Task.checkCancellation()  // the last chance to roll back before the commit
        if dryRun {
          summary.dryRun = true
          throw DryRun(summary: summary)
        }
        return summary
      }
    } catch let dryRun as DryRun {
      return dryRun.summary
    }
  }

  public func archivePage(after lastID: Book.ID?, limit: Int) throws -> [LibraryArchive.Item] {
    try reading(orIfMissing: []) { connection in
      let statement = try statement(
        "SELECT \(Self.bookColumns) FROM books b WHERE b.id > ? ORDER BY b.id LIMIT ?",
        on: connection)
      try statement.bind([.integer(lastID ?? 0), .integer(Int64(limit))])
      var books: [Book] = []
      while try statement.step() { books.append(Self.book(from: statement)) }
      statement.reset()
      guard let first = books.first?.id, let last = books.last?.id else { return [] }
      // Four queries for the page, not four per book.
      let progress = try fetchProgress(first...last, on: connection)
      let details = try fetchDetails(first...last, on: connection)
      let changes = try fetchStatusChanges(first...last, on: connection)
      return books.map { book in
        LibraryArchive.Item(
          book: book, progress: progress[book.id] ?? ReadingProgress(),
          details: details[book.id] ?? BookDetails(), statusChanges: changes[book.id] ?? [])
      }
    }
  }

  /// A book with everything an archive keeps.
  private func archived(_ book: Book, on connection: SQLiteConnection) throws
    -> LibraryArchive.Item
  {
    LibraryArchive.Item(
      book: book, progress: try fetchProgress(book.id, on: connection),
      details: try fetchDetails(book.id, on: connection),
      statusChanges: try fetchStatusChanges(book.id, on: connection))
  }

  private enum Outcome { case added, updated, unchanged }

  /// Thrown to roll a dry run back, carrying what it would have done.
  private struct DryRun: Error { var summary: ImportSummary }

  private func count(_ outcome: Outcome, in summary: inout ImportSummary) {
    switch outcome {
    case .added: summary.added += 1
    case .updated: summary.updated += 1
    case .unchanged: summary.unchanged += 1
    }
  }

  /// Adds a book from another service, or merges it into the book it matches.
  private func upsert(_ imported: ImportedBook, on connection: SQLiteConnection) throws -> Outcome {
    let now = Date().roundedToMilliseconds
    guard let id = try match(imported, on: connection),
      let existing = try fetchBook(id, on: connection)
    else {
      let book = Book(
        id: 0, title: imported.title, authors: imported.authors, isbn10: imported.isbn?.isbn10,
        isbn13: imported.isbn?.isbn13, pageCount: imported.pageCount, status: imported.status,
        dateAdded: imported.dateAdded?.roundedToMilliseconds ?? now, dateUpdated: now)
      let id = try insert(book, keepingID: false, on: connection)
      try saveDetails(imported.details, of: id, on: connection)
      return .added
    }
    var merged = existing
    merged.title = imported.title
    merged.authors = imported.authors
    if let isbn = imported.isbn {
      merged.isbn10 = isbn.isbn10
      merged.isbn13 = isbn.isbn13
    }
    merged.pageCount = imported.pageCount ?? existing.pageCount
    merged.status = imported.status
    merged.dateAdded = imported.dateAdded?.roundedToMilliseconds ?? existing.dateAdded
    let existingDetails = try fetchDetails(id, on: connection)
    let details = existingDetails.updated(with: imported.details)
    if merged == existing && details == existingDetails { return .unchanged }
    merged.dateUpdated = max(now, existing.dateUpdated)
    try updateRow(merged, on: connection)
    try saveDetails(details, of: id, on: connection)
    if merged.status != existing.status {
      try logStatus(StatusChange(status: merged.status, time: now), of: id, on: connection)
    }
    return .updated
  }

  /// The book an imported one is: same source id, else ISBN-13, ISBN-10, else the same
  /// title and first author (case and accents ignored).
  private func match(_ imported: ImportedBook, on connection: SQLiteConnection) throws -> Book.ID? {
    for (source, id) in imported.details.sourceIDs.sorted(by: { $0.key < $1.key }) {
      if let found = try firstID(
        "SELECT book_id FROM book_sources WHERE source = ? AND source_id = ?",
        [.text(source), .text(id)], on: connection)
      {
        return found
      }
    }
    if let isbn = imported.isbn {
      if let found = try firstID(
        "SELECT id FROM books WHERE isbn13 = ? ORDER BY id LIMIT 1", [.text(isbn.isbn13)],
        on: connection)
      {
        return found
      }
      if let isbn10 = isbn.isbn10,
        let found = try firstID(
          "SELECT id FROM books WHERE isbn10 = ? ORDER BY id LIMIT 1", [.text(isbn10)],
          on: connection)
      {
        return found
      }
    }
    return try firstID(
      "SELECT id FROM books WHERE title_key = ? AND author_key = ? ORDER BY id LIMIT 1",
      [.text(SearchKey.fold(imported.title)), .text(SearchKey.fold(imported.authors.first ?? ""))],
      on: connection)
  }

  /// Adds an archived book with its id, or brings the book with that id up to the archive.
  private func upsert(_ item: LibraryArchive.Item, on connection: SQLiteConnection) throws
    -> Outcome
  {
    guard let existing = try fetchBook(item.book.id, on: connection) else {
      try insertArchived(item, on: connection)
      return .added
    }
    if try archived(existing, on: connection) == item { return .unchanged }
    try updateRow(item.book, on: connection)
    try saveDetails(item.details, of: item.book.id, on: connection)
    // The archive is the whole truth about the book: its history replaces the library's.
    try execute(
      "DELETE FROM progress_entries WHERE book_id = ?", [.integer(item.book.id)], on: connection)
    try execute(
      "DELETE FROM status_changes WHERE book_id = ?", [.integer(item.book.id)], on: connection)
    for entry in item.progress.entries { try insert(entry, bookID: item.book.id, on: connection) }
    for change in item.statusChanges { try logStatus(change, of: item.book.id, on: connection) }
    return .updated
  }

  private func firstID(_ sql: String, _ parameters: [SQLiteValue?], on connection: SQLiteConnection)
    throws -> Book.ID?
  {
    let statement = try statement(sql, on: connection)
    try statement.bind(parameters)
    defer { statement.reset() }
    return try statement.step() ? statement.int64(0) : nil
  }

  private func execute(_ sql: String, _ parameters: [SQLiteValue?], on connection: SQLiteConnection)
    throws
  {
    let statement = try statement(sql, on: connection)
    try statement.bind(parameters)
    try statement.step()
    statement.reset()
  }
}
