/// Finding books: read transactions over ``FindTables`` and ``CompletionTables``.
extension SQLiteLibrary {
  /// Finds a book by id, ISBN (10 or 13, hyphens allowed) or words from its title.
  public func find(_ reference: String) throws -> BookLookup {
    let reference = reference.trimmingWhitespace()
    guard !reference.isEmpty else { return .notFound }
    return try reading(orIfMissing: .notFound) { try FindTables(connection: $0).find(reference) }
  }

  /// Every book with an ISBN-13, by id: the books a cover can be fetched for.
  public func booksWithISBN() throws -> [Book] {
    try reading(orIfMissing: []) { try FindTables(connection: $0).booksWithISBN() }
  }

  /// A book already in the library with the same ISBN, or the same title and first author.
  public func duplicate(of book: NewBook) throws -> Book? {
    try reading(orIfMissing: nil) { try FindTables(connection: $0).duplicate(of: book) }
  }

  /// Up to `limit` books a shell can offer while `prefix` is typed.
  public func books(startingWith prefix: String, limit: Int) throws -> [Book] {
    let prefix = prefix.trimmingWhitespace()
    return try reading(orIfMissing: []) {
      try CompletionTables(connection: $0).books(startingWith: prefix, limit: limit)
    }
  }

  /// Up to `limit` entries whose id starts with `prefix` (any case), newest first.
  public func entries(startingWith prefix: String, limit: Int) throws -> [LocatedEntry] {
    let prefix = prefix.uppercased()
    guard prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) else { return [] }
    return try reading(orIfMissing: []) {
      try CompletionTables(connection: $0).entries(startingWith: prefix, limit: limit)
    }
  }

  /// ``CandidateTables/candidates(for:keys:strict:)``, the name an import calls.
  func candidates(
    for fields: BookFields, keys: BookKeys? = nil, strict: Bool = false,
    on connection: SQLiteConnection
  ) throws -> [(Book.ID, CandidateMatch)] {
    try CandidateTables(connection: connection).candidates(for: fields, keys: keys, strict: strict)
  }
}
