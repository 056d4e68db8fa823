extension SQLiteLibrary {
  /// The statuses bookclub knows, as SQL: `'want', 'reading', 'finished', 'abandoned'`.
  static let knownStatusesSQL = ReadingStatus.allCases.map { "'\($0.rawValue)'" }
    .joined(separator: ", ")

  /// A problem for each book whose stored status bookclub does not know (a library written by
  /// another program, past the schema's check): such a book reads as want-to-read, which
  /// setting its status writes for real.
  ///
  /// - Parameter limit: How many books are named; one more problem counts the rest.
  static func statusProblems(_ connection: SQLiteConnection, limit: Int = 20)
    -> [LibraryHealth.Problem]
  {
    let books =
      (try? connection.all(
        """
        SELECT id, status FROM books NOT INDEXED
        WHERE status IS NULL OR status NOT IN (\(knownStatusesSQL)) ORDER BY id
        """
      ) { ($0.int64(0), $0.optionalText(1) ?? "") }) ?? []
    let known = ReadingStatus.allCases.map(\.rawValue)
    var problems = books.prefix(limit).map { id, status in
      LibraryHealth.Problem(
        part: "books", isIndex: false,
        detail: "book \(id) has the status '\(status)', which is not "
          + known.dropLast().joined(separator: ", ") + " or " + (known.last ?? ""),
        fix: "set one: bookclub status \(id) <status>")
    }
    if books.count > limit {
      problems.append(
        LibraryHealth.Problem(
          part: "books", isIndex: false,
          detail: "\(books.count - limit) more books have a status bookclub does not know",
          fix: "set each one's: bookclub status <book> <status>"))
    }
    return problems
  }

  /// Whether the book's stored status is one bookclub knows (a book without one reads as
  /// want to read, and setting that must still write it).
  public func hasKnownStatus(_ bookID: Book.ID) throws -> Bool {
    try reading(orIfMissing: true) { connection in
      try connection.integer(
        "SELECT count(*) FROM books WHERE id = ? AND status IN (\(Self.knownStatusesSQL))",
        [.integer(bookID)]) == 1
    }
  }
}
