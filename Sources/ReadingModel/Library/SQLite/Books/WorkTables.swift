/// Works and their editions (`book_details.work`), on the connection of a transaction
/// ``SQLiteLibrary`` opened. Work keys are written with a book's details
/// (``LibraryChange/edit(_:_:)`` of ``BookField/work``).
struct WorkTables {
  let connection: SQLiteConnection

  /// The other editions of `book`'s work, by id, off the work's index.
  func editions(of book: Book.ID) throws -> [Book] {
    try connection.all(
      """
      SELECT \(BookTables.columns) FROM book_details w JOIN books b ON b.id = w.book_id
      WHERE w.work = (SELECT work FROM book_details WHERE book_id = ?1) AND w.book_id <> ?1
      ORDER BY b.id
      """, [.integer(book)], BookTables.book(from:))
  }

  /// The work key of `book`, if it is linked to one.
  func work(of book: Book.ID) throws -> String? {
    try connection.first("SELECT work FROM book_details WHERE book_id = ?", [.integer(book)]) {
      $0.optionalText(0)
    } ?? nil
  }
}
