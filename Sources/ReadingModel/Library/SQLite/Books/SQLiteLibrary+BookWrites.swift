// The book reads and writes an import, ``apply(_:)`` and undo make on their transaction's
// connection, under the names they call (each forwards to the area's type).
extension SQLiteLibrary {
  /// ``BookTables/book(_:)``.
  func fetchBook(_ id: Book.ID, on connection: SQLiteConnection) throws -> Book? {
    try BookTables(connection: connection).book(id)
  }

  /// ``BookTables/insert(_:details:keepingID:keys:into:)``.
  func insert(
    _ book: Book, details: BookDetails = BookDetails(), keepingID: Bool, keys: BookKeys? = nil,
    into tables: BookTableNames = .library, on connection: SQLiteConnection
  ) throws -> Book.ID {
    try BookTables(connection: connection).insert(
      book, details: details, keepingID: keepingID, keys: keys, into: tables)
  }

  /// ``BookTables/update(_:)``.
  func updateRow(_ book: Book, on connection: SQLiteConnection) throws {
    try BookTables(connection: connection).update(book)
  }

  /// ``BookTables/describe(_:)``.
  static func describe(_ changes: [FieldChange]) -> String { BookTables.describe(changes) }

  /// ``BookDetailTables/details(of:)-(Book.ID)``.
  func fetchDetails(_ bookID: Book.ID, on connection: SQLiteConnection) throws -> BookDetails {
    try BookDetailTables(connection: connection).details(of: bookID)
  }

  /// ``BookDetailTables/save(_:of:isNewBook:into:)``.
  func saveDetails(
    _ details: BookDetails, of bookID: Book.ID, on connection: SQLiteConnection,
    isNewBook: Bool = false, into tables: BookTableNames = .library
  ) throws {
    try BookDetailTables(connection: connection).save(
      details, of: bookID, isNewBook: isNewBook, into: tables)
  }

  /// ``BookHistoryTables/log(_:of:)``.
  func logEvent(_ event: BookEvent, of bookID: Book.ID, on connection: SQLiteConnection) throws {
    try BookHistoryTables(connection: connection).log(event, of: bookID)
  }

  /// ``BookHistoryTables/addMissing(_:to:isNewBook:)``.
  @discardableResult
  func addMissingHistory(
    _ events: [BookEvent], to bookID: Book.ID, isNewBook: Bool = false,
    on connection: SQLiteConnection
  ) throws -> Int {
    try BookHistoryTables(connection: connection).addMissing(
      events, to: bookID, isNewBook: isNewBook)
  }

  /// ``BookSourceTables/libraryID()``.
  func libraryID(on connection: SQLiteConnection) throws -> String? {
    try BookSourceTables(connection: connection).libraryID()
  }

  /// ``BookSourceTables/adoptLibraryID(_:)``.
  func adoptLibraryID(_ id: String, on connection: SQLiteConnection) throws {
    try BookSourceTables(connection: connection).adoptLibraryID(id)
  }

  /// ``BookSourceTables/book(source:id:)``.
  func book(source: String, id: String, on connection: SQLiteConnection) throws -> Book.ID? {
    try BookSourceTables(connection: connection).book(source: source, id: id)
  }

  /// ``BookSourceTables/linked(source:id:)``.
  func linked(source: String, id: String, on connection: SQLiteConnection) throws
    -> (book: Book.ID, base: SourceBase?, rowDigest: ContentDigest?)?
  {
    try BookSourceTables(connection: connection).linked(source: source, id: id)
  }

  /// ``BookSourceTables/link(of:in:)``.
  func link(of bookID: Book.ID, in source: String, on connection: SQLiteConnection) throws
    -> (id: String, base: SourceBase?)?
  {
    try BookSourceTables(connection: connection).link(of: bookID, in: source)
  }

  /// ``BookSourceTables/link(_:to:id:base:rowDigest:replacing:into:)``.
  func link(
    _ bookID: Book.ID, to source: String, id: String, base: SourceBase?,
    rowDigest: ContentDigest? = nil, replacing: Bool = true,
    into tables: BookTableNames = .library, on connection: SQLiteConnection
  ) throws {
    try BookSourceTables(connection: connection).link(
      bookID, to: source, id: id, base: base, rowDigest: rowDigest, replacing: replacing,
      into: tables)
  }
}
