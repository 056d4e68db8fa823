/// The books an import adds, gathered in staging tables and moved into the library's
/// tables in one statement per table every ``flushEvery`` books and at the end.
///
/// A statement that inserts one book opens and seeks the books table and each of its
/// sixteen indexes; one that inserts ten thousand does that once. Ids are given here, in
/// the order SQLite would have given them (nothing else inserts books in the import's
/// transaction), so a book has its id from the moment it is staged. A staged book is not
/// in the library's tables until the next flush: a later row of the same import finds it
/// through ``book(source:id:)``, and it is claimed by the row that added it, so no
/// candidate lookup needs it. A flushed book is found in the library's tables like any
/// other, so the staging forgets it: kept for every book, its maps grew by 150 bytes a
/// book (an import of 1,000,000 rows held 200 MiB in them).
struct BookStaging {
  /// How many books are staged before they are moved into the library.
  static let flushEvery = 10_000

  /// How many books are staged before they are moved into the library.
  private let batch: Int
  /// The id the next staged book gets.
  private var nextID: Book.ID
  /// Books staged since the last flush.
  private var pending = 0
  /// The books staged since the last flush, by their id in their source.
  private var bySourceID: [String: Book.ID] = [:]
  /// The first book staged since the last flush with each ISBN-13, and its id in its source.
  private var byISBN: [String: (book: Book.ID, sourceID: String)] = [:]
  /// The group of changes (``ChangeGroup``) that records the books as added.
  private let group: Int64?
  /// How much of the import's source was read, from 0 to 1, when known: for how many
  /// books the import will add (``DeferredIndexes``).
  var shareRead: Double?
  /// Whether the first flush of a full batch chose whether to set indexes aside.
  private var chose = false
  /// The indexes set aside until ``finish(on:)``, if the import adds enough books.
  private var deferred: DeferredIndexes?

  /// Creates the staging tables (empty) in the connection's temporary schema.
  ///
  /// - Parameters:
  ///   - batch: How many books are staged before they are moved into the library.
  ///   - group: The group of changes that records the books as added, if any.
  ///   - connection: A connection inside a write transaction.
  /// - Throws: A SQLite error.
  init(batch: Int = flushEvery, group: Int64? = nil, on connection: SQLiteConnection) throws {
    self.batch = max(1, batch)
    self.group = group
    for (library, staging) in BookTableNames.staged {
      try connection.execute(
        "CREATE TABLE IF NOT EXISTS \(staging) AS SELECT * FROM main.\(library) WHERE 0;"
          + " DELETE FROM \(staging);")
    }
    let last = try connection.integer(
      """
      SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'books'), 0),
        coalesce((SELECT max(id) FROM books), 0))
      """)
    nextID = (last ?? 0) + 1
  }

  /// Takes the next id for a book about to be staged.
  mutating func takeID() -> Book.ID {
    defer { nextID += 1 }
    return nextID
  }

  /// Notes that the book `id` was staged with `sourceID` from `source`, and moves the
  /// staged books into the library when there are enough of them.
  ///
  /// - Parameter fields: The book's fields, for its ISBN-13.
  /// - Throws: A SQLite error (a constraint the library's tables enforce).
  mutating func staged(
    _ id: Book.ID, source: String, sourceID: String, fields: BookFields? = nil,
    on connection: SQLiteConnection
  ) throws {
    bySourceID[Self.key(source, sourceID)] = id
    if let isbn = fields?[.isbn13], !isbn.isEmpty, byISBN[isbn] == nil {
      byISBN[isbn] = (id, sourceID)
    }
    pending += 1
    if pending >= batch {
      if !chose { try choose(on: connection) }
      try flush(on: connection)
    }
  }

  /// Sets the indexes that no import lookup reads aside, when the import looks
  /// like adding at least as many books as the library has (``DeferredIndexes``).
  private mutating func choose(on connection: SQLiteConnection) throws {
    chose = true
    // Counted, not read off `book_counts`: a bulk add sets the triggers that keep those
    // aside, and an earlier staging of this import may have flushed books already.
    let libraryBooks = try connection.integer("SELECT count(*) FROM main.books") ?? 0
    if DeferredIndexes.worthSettingAside(
      libraryBooks: Int(libraryBooks), staged: pending, shareRead: shareRead)
    {
      deferred = try DeferredIndexes.setAside(on: connection)
    }
  }

  /// The book staged since the last flush with `id` in `source`.
  func book(source: String, id: String) -> Book.ID? {
    bySourceID[Self.key(source, id)]
  }

  /// The first book staged since the last flush with the ISBN-13 of `fields`.
  func added(withISBNOf fields: BookFields) -> ImportRun.LikelyDuplicate? {
    guard let isbn = fields[.isbn13], !isbn.isEmpty, let added = byISBN[isbn] else { return nil }
    return ImportRun.LikelyDuplicate(book: added.book, sourceID: added.sourceID, same: "ISBN")
  }

  /// Moves every staged book into the library's tables, parents first.
  ///
  /// - Throws: A SQLite error (a constraint the library's tables enforce).
  mutating func flush(on connection: SQLiteConnection) throws {
    guard pending > 0 else { return }
    if let group {
      try SQLiteLibrary.recordStaged(in: BookTableNames.staging.books, group: group, on: connection)
    }
    for (library, staging) in BookTableNames.staged {
      // A book's tags may fold to the same key twice; the library keeps the first.
      let verb = library == BookTableNames.library.tags ? "INSERT OR IGNORE" : "INSERT"
      try connection.execute(
        "\(verb) INTO main.\(library) SELECT * FROM \(staging); DELETE FROM \(staging);")
    }
    pending = 0
    bySourceID.removeAll(keepingCapacity: true)
    byISBN.removeAll(keepingCapacity: true)
  }

  /// Flushes, makes any indexes set aside again, then drops the staging tables.
  ///
  /// - Throws: A SQLite error.
  mutating func finish(on connection: SQLiteConnection) throws {
    try flush(on: connection)
    try deferred?.restore(on: connection)
    deferred = nil
    for (_, staging) in BookTableNames.staged {
      try connection.execute("DROP TABLE IF EXISTS \(staging)")
    }
  }

  private static func key(_ source: String, _ id: String) -> String { source + "\u{0}" + id }
}
