/// How an import's candidate book was found.
enum CandidateMatch {
  case isbn
  case titleAndAuthor
  /// The book the reader chose (an ingest's `--map`).
  case chosen
  /// The book the source's id was linked to before.
  case linked
}

/// Finding the books an imported row may be, on the connection of a transaction
/// ``SQLiteLibrary`` opened.
struct CandidateTables {
  let connection: SQLiteConnection

  /// The indexes of `books` that ``candidates(for:keys:strict:)`` reads: an import keeps
  /// them while it sets the others aside (``DeferredIndexes``).
  static let indexes = ["books_by_isbn13", "books_by_isbn10", "books_by_match"]

  /// The books an imported row may be, best first: the same ISBN-13, the same ISBN-10, then
  /// the same title and first author as ``MatchKey`` folds them. Each book once.
  ///
  /// Titles agree by ``MatchKey/titlesAgree(_:_:)``: two subtitles must be the same (`Book
  /// One` is not `Book Two`), one that only one side has is no difference (StoryGraph's
  /// `Piranesi` is Goodreads' `Piranesi: A Novel`). A row without an id of its own (`strict`)
  /// is held to more, since nothing will tell its book apart later: a book with another ISBN
  /// is another edition.
  ///
  /// - Parameters:
  ///   - keys: The keys of the fields' title and authors, if already worked out.
  ///   - strict: Whether the row has no id of its own.
  func candidates(
    for fields: BookFields, keys: BookKeys? = nil, strict: Bool = false
  ) throws -> [(Book.ID, CandidateMatch)] {
    var found: [(Book.ID, CandidateMatch)] = []
    func add(_ id: Book.ID, _ how: CandidateMatch) {
      if !found.contains(where: { $0.0 == id }) { found.append((id, how)) }
    }
    let isbn13 = fields[.isbn13] ?? ""
    let isbn10 = fields[.isbn10] ?? ""
    for (column, isbn) in [("isbn13", isbn13), ("isbn10", isbn10)] where !isbn.isEmpty {
      try connection.forEach(
        "SELECT id FROM books WHERE \(column) = ? ORDER BY id LIMIT 20", [.text(isbn)]
      ) { add($0.int64(0), .isbn) }
    }
    let title = fields[.title] ?? ""
    let keys = keys ?? BookKeys(title: title, authors: fields.list(.authors))
    guard !keys.matchTitle.isEmpty else { return found }
    try connection.forEach(
      """
      SELECT id, title, coalesce(isbn13, '') FROM books
      WHERE match_title = ? AND match_author = ? ORDER BY id LIMIT 20
      """, [.text(keys.matchTitle), .text(keys.matchAuthor)]
    ) { row in
      let (candidateTitle, candidateISBN) = (row.text(1), row.text(2))
      let otherEdition =
        strict && !isbn13.isEmpty && !candidateISBN.isEmpty
        && candidateISBN != isbn13
      if MatchKey.titlesAgree(candidateTitle, title), !otherEdition {
        add(row.int64(0), .titleAndAuthor)
      }
    }
    return found
  }
}
