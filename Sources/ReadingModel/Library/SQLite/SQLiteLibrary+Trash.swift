#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Removed books go to a trash inside the library, whole (as an archive item: entries,
// notes, details, status changes, source ids and bases), for 30 days.
extension SQLiteLibrary {
  /// Moves a book to the trash; ``apply(_:)`` with ``LibraryChange/removeBook(_:at:)``.
  func remove(_ bookID: Book.ID, at time: Date, on connection: SQLiteConnection) throws
    -> TrashedBook
  {
    do {
      try purgeTrash(before: time, on: connection)
      guard let book = try fetchBook(bookID, on: connection) else {
        throw LibraryError.bookNotFound(bookID)
      }
      let item = LibraryArchive.Item(
        book: book, progress: try fetchProgress(bookID, on: connection),
        details: try fetchDetails(bookID, on: connection),
        statusChanges: try fetchStatusChanges(bookID, on: connection),
        history: try fetchHistory(bookID, on: connection),
        bases: try fetchBases(bookID...bookID, on: connection)[bookID] ?? [:])
      var json = JSONWriter()
      item.write(to: &json)
      try connection.run(
        "INSERT INTO trash (book_id, title, removed_ms, item) VALUES (?, ?, ?, ?)",
        [
          .integer(bookID), .text(book.title), .integer(time.milliseconds),
          .text(String(decoding: json.bytes, as: UTF8.self)),
        ])
      let trashID = connection.lastInsertedRowID
      // Entries, notes, details, tags, sources and history go with the row.
      try connection.run("DELETE FROM books WHERE id = ?", [.integer(bookID)])
      return TrashedBook(
        trashID: trashID, bookID: bookID, title: book.title, removed: time,
        entries: item.progress.entries.count)
    }
  }

  public func trash(at time: Date) throws -> [TrashedBook] {
    try reading(orIfMissing: []) { connection in
      try connection.all(
        """
        SELECT id, book_id, title, removed_ms, item FROM trash WHERE removed_ms >= ?
        ORDER BY removed_ms DESC, id DESC
        """, [.integer(time.addingTimeInterval(-TrashedBook.keptFor).milliseconds)]
      ) { row in
        let item = try? Self.item(fromTrash: row.text(4))
        return TrashedBook(
          trashID: row.int64(0), bookID: row.int64(1), title: row.text(2),
          removed: row.date(3), entries: item?.progress.entries.count ?? 0)
      }
    }
  }

  /// Puts a book from the trash back; ``apply(_:)`` with
  /// ``LibraryChange/restoreFromTrash(trashID:at:)``.
  func restoreFromTrash(_ trashID: Int64, at time: Date, on connection: SQLiteConnection)
    throws -> Book
  {
    do {
      try purgeTrash(before: time, on: connection)
      guard
        let text = try connection.first(
          "SELECT item FROM trash WHERE id = ?", [.integer(trashID)], { $0.text(0) })
      else { throw LibraryError.notInTrash(trashID) }
      let item = try Self.item(fromTrash: text)
      guard try fetchBook(item.book.id, on: connection) == nil else {
        throw LibraryError.idsAlreadyUsed([item.book.id])
      }
      try insertArchived(item, on: connection)
      try connection.run("DELETE FROM trash WHERE id = ?", [.integer(trashID)])
      try logEvent(
        BookEvent(
          time: time.roundedToMilliseconds, kind: .restore, detail: "restored from the trash"),
        of: item.book.id, on: connection)
      return item.book
    }
  }

  /// Lets go of what has been in the trash for more than 30 days.
  private func purgeTrash(before time: Date, on connection: SQLiteConnection) throws {
    try connection.run(
      "DELETE FROM trash WHERE removed_ms < ?",
      [.integer(time.addingTimeInterval(-TrashedBook.keptFor).milliseconds)])
  }

  private static func item(fromTrash text: String) throws -> LibraryArchive.Item {
    var parser = JSONParser(bytes: Array(text.utf8))
    return try LibraryArchive.Item(json: try parser.value())
  }
}
