extension SQLiteLibrary {
  /// How a candidate was found.
  enum CandidateMatch {
    case isbn
    case titleAndAuthor
  }

  /// The books an imported row may be, best first: the same ISBN-13, the same ISBN-10, then
  /// the same title and first author as ``MatchKey`` folds them. Each book once.
  ///
  /// - Parameter keys: The keys of the fields' title and authors, if already worked out.
  func candidates(
    for fields: BookFields, keys: BookKeys? = nil, on connection: SQLiteConnection
  ) throws -> [(Book.ID, CandidateMatch)] {
    var found: [(Book.ID, CandidateMatch)] = []
    func add(_ sql: String, _ parameters: [SQLiteValue?], _ how: CandidateMatch) throws {
      try connection.forEach(sql + " ORDER BY id LIMIT 20", parameters) { row in
        let id = row.int64(0)
        if !found.contains(where: { $0.0 == id }) { found.append((id, how)) }
      }
    }
    if let isbn13 = fields[.isbn13], !isbn13.isEmpty {
      try add("SELECT id FROM books WHERE isbn13 = ?", [.text(isbn13)], .isbn)
    }
    if let isbn10 = fields[.isbn10], !isbn10.isEmpty {
      try add("SELECT id FROM books WHERE isbn10 = ?", [.text(isbn10)], .isbn)
    }
    let keys = keys ?? BookKeys(title: fields[.title] ?? "", authors: fields.list(.authors))
    let (title, author) = (keys.matchTitle, keys.matchAuthor)
    if !title.isEmpty {
      try add(
        "SELECT id FROM books WHERE match_title = ? AND match_author = ?",
        [.text(title), .text(author)], .titleAndAuthor)
    }
    return found
  }
}
