#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The trash inside the library, on the connection of a transaction ``SQLiteLibrary``
/// opened. A removed book goes there whole (as an archive item: entries, notes, details,
/// status changes, source ids and bases), for 30 days.
struct TrashTables {
  let connection: SQLiteConnection

  /// Moves a book to the trash; ``SQLiteLibrary/apply(_:)`` with
  /// ``LibraryChange/removeBook(_:at:)``.
  func remove(_ bookID: Book.ID, at time: Date) throws -> TrashedBook {
    try purge(before: time)
    guard let book = try BookTables(connection: connection).book(bookID) else {
      throw LibraryError.bookNotFound(bookID)
    }
    let item = try BookArchiveTables(connection: connection).item(of: book)
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

  /// What the trash holds at `time`, most recently removed first.
  func books(at time: Date) throws -> [TrashedBook] {
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

  /// Puts a book from the trash back; ``SQLiteLibrary/apply(_:)`` with
  /// ``LibraryChange/restoreFromTrash(trashID:at:)``.
  func restore(_ trashID: Int64, at time: Date) throws -> Book {
    try purge(before: time)
    guard
      let text = try connection.first(
        "SELECT item FROM trash WHERE id = ?", [.integer(trashID)], { $0.text(0) })
    else { throw LibraryError.notInTrash(trashID) }
    let item = try Self.item(fromTrash: text)
    guard try BookTables(connection: connection).book(item.book.id) == nil else {
      throw LibraryError.idsAlreadyUsed([item.book.id])
    }
    try BookArchiveTables(connection: connection).insert(item)
    try connection.run("DELETE FROM trash WHERE id = ?", [.integer(trashID)])
    try BookHistoryTables(connection: connection).log(
      BookEvent(
        time: time.roundedToMilliseconds, kind: .restore, detail: "restored from the trash"),
      of: item.book.id)
    return item.book
  }

  /// Lets go of what has been in the trash for more than 30 days.
  private func purge(before time: Date) throws {
    try connection.run(
      "DELETE FROM trash WHERE removed_ms < ?",
      [.integer(time.addingTimeInterval(-TrashedBook.keptFor).milliseconds)])
  }

  private static func item(fromTrash text: String) throws -> LibraryArchive.Item {
    var parser = JSONParser(bytes: Array(text.utf8))
    return try LibraryArchive.Item(json: try parser.value())
  }
}
