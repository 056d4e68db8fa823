#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What sync keeps in the library, on the connection of a transaction ``SQLiteLibrary``
/// opened: this device and its folder, every book's merged state, what was read of each
/// device's journal, the lines not yet in this device's journal, conflicts and lines of
/// unknown kinds.
struct SyncTables {
  let connection: SQLiteConnection

  // MARK: - This device

  /// A value of `sync_info` (`device`, `folder`, `stamp`, `sequence`, `journaled`).
  func info(_ key: String) throws -> String? {
    try connection.first("SELECT value FROM sync_info WHERE key = ?", [.text(key)]) {
      $0.text(0)
    }
  }

  func setInfo(_ key: String, _ value: String) throws {
    try connection.run(
      "INSERT INTO sync_info (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      [.text(key), .text(value)])
  }

  // MARK: - Books

  /// A book's sync id and state by its local id.
  func state(ofBookID id: Book.ID) throws -> (book: String, state: SyncBookState)? {
    try connection.first(
      "SELECT book, state FROM sync_books WHERE book_id = ? ORDER BY added LIMIT 1",
      [.integer(id)]
    ) { row in
      SyncBookState(storedText: row.text(1)).map { (row.text(0), $0) }
    } ?? nil
  }

  /// A book's local id and state by its sync id (or one found to be the same book).
  func state(ofBook book: String) throws -> (book: String, id: Book.ID, state: SyncBookState)? {
    let canonical =
      try connection.first("SELECT book FROM sync_aliases WHERE alias = ?", [.text(book)]) {
        $0.text(0)
      } ?? book
    return try connection.first(
      "SELECT book_id, state FROM sync_books WHERE book = ?", [.text(canonical)]
    ) { row in
      SyncBookState(storedText: row.text(1)).map { (canonical, row.int64(0), $0) }
    } ?? nil
  }

  func save(_ state: SyncBookState, of book: String, id: Book.ID, addKey: String? = nil) throws {
    try connection.run(
      """
      INSERT INTO sync_books (book, book_id, claim, added, state, add_key)
      VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (book) DO UPDATE SET book_id = excluded.book_id, claim = excluded.claim,
        added = excluded.added, state = excluded.state
      """,
      [
        .text(book), .integer(id), .integer(state.claim), .text(state.added.description),
        .text(state.storedText), addKey.map { .text($0) },
      ])
  }

  // MARK: - Values that lost

  /// Keeps values that lost their field (``SyncBookState/Replaced``).
  func keep(_ replaced: [SyncBookState.Replaced], of book: String) throws {
    for lost in replaced {
      try connection.run(
        "INSERT OR IGNORE INTO sync_replaced (book, field, stamp, register) VALUES (?, ?, ?, ?)",
        [
          .text(book), .text(lost.field), .text(lost.register.stamp.description),
          .text(lost.register.stored.text),
        ])
    }
  }

  /// The values that lost a field of a book.
  func replaced(of book: String) throws -> [SyncBookState.Replaced] {
    try connection.all(
      "SELECT field, register FROM sync_replaced WHERE book = ?", [.text(book)]
    ) { row -> SyncBookState.Replaced? in
      var parser = JSONParser(bytes: Array(row.text(1).utf8))
      guard let value = try? parser.value(),
        let register = SyncBookState.Register(stored: value)
      else { return nil }
      return SyncBookState.Replaced(field: row.text(0), register: register)
    }.compactMap { $0 }
  }
}
