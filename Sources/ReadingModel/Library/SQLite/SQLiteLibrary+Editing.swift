#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SQLiteLibrary {
  /// Edits a book's fields and records the edit in its history; ``apply(_:)`` with
  /// ``LibraryChange/edit(_:_:)``.
  func edit(_ bookID: Book.ID, _ edit: BookEdit, on connection: SQLiteConnection) throws
    -> EditResult
  {
    do {
      let kind = edit.kind
      guard let book = try fetchBook(bookID, on: connection) else {
        throw LibraryError.bookNotFound(bookID)
      }
      let details = try fetchDetails(bookID, on: connection)
      let before = BookFields(book: book, details: details)
      let wanted = edit.applied(to: before)
      var updated = book
      var updatedDetails = details
      wanted.apply(to: &updated, &updatedDetails)
      let after = BookFields(book: updated, details: updatedDetails)
      let changes = before.changes(to: after)
      guard !changes.isEmpty else { return EditResult(book: book, changes: []) }
      updated.dateUpdated = max(book.dateUpdated, Date().roundedToMilliseconds)
      try updateRow(updated, on: connection)
      try saveDetails(updatedDetails, of: bookID, on: connection)
      try logEvent(
        BookEvent(time: updated.dateUpdated, kind: kind, detail: Self.describe(changes)),
        of: bookID, on: connection)
      return EditResult(book: updated, changes: changes)
    }
  }

  /// `title: Emma → Emma (Penguin); pages: (empty) → 474`
  static func describe(_ changes: [FieldChange]) -> String {
    changes.map { change in
      "\(change.field.label): \(change.field.display(change.before)) → \(change.field.display(change.after))"
    }.joined(separator: "; ")
  }

  public func tags() throws -> [TagCount] {
    try reading(orIfMissing: []) { connection in
      try connection.all(
        """
        SELECT min(tag), count(*) FROM book_tags GROUP BY tag_key ORDER BY tag_key
        """
      ) { TagCount(tag: $0.text(0), books: Int($0.int64(1))) }
    }
  }

  public func duplicate(of book: NewBook) throws -> Book? {
    try reading(orIfMissing: nil) { connection in
      if let isbn = book.isbn,
        let found = try connection.first(
          "SELECT \(Self.bookColumns) FROM books b WHERE b.isbn13 = ? LIMIT 1",
          [.text(isbn.isbn13)], Self.book(from:))
      {
        return found
      }
      return try connection.first(
        """
        SELECT \(Self.bookColumns) FROM books b WHERE b.match_title = ? AND b.match_author = ?
        ORDER BY b.id LIMIT 1
        """,
        [.text(MatchKey.title(book.title)), .text(MatchKey.author(book.authors.first ?? ""))],
        Self.book(from:))
    }
  }
}

extension BookFields {
  /// The fields whose value differs in `other`, with the value here and there.
  public func changes(to other: BookFields) -> [FieldChange] {
    BookField.allCases.compactMap { field in
      let before = self[field] ?? ""
      let after = other[field] ?? ""
      return before == after ? nil : FieldChange(field: field, before: before, after: after)
    }
  }
}
