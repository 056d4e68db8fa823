/// What one change touches, and so what its record keeps the state of: a book (every row
/// of it, in every table that holds one, and the trash), or a year's goal.
enum ChangeSubject: Sendable, Equatable {
  case book(Book.ID)
  case goal(year: Int)

  /// A table holding rows of a subject: its name, the column naming the subject, and
  /// whether its rows have a rowid of their own that is not one of its columns (kept, so
  /// that what refers to a row by rowid still finds it after an undo).
  struct Table: Sendable, Equatable {
    let name: String
    let key: String
    let hasHiddenRowID: Bool
    /// The columns that name one row of the table (its primary key, or `rowid`).
    let rowKey: [String]
    /// Columns that keep what other columns of the row already say, which a write no
    /// record holds may fill in (an import that finds a link's row unchanged stores its
    /// digest): recorded and put back with the row, but no sign that the row changed since.
    var derived: [String] = []
  }

  /// The book's own row first: the others refer to it.
  static let bookTables = [
    Table(name: "books", key: "id", hasHiddenRowID: false, rowKey: ["id"]),
    Table(name: "book_details", key: "book_id", hasHiddenRowID: false, rowKey: ["book_id"]),
    Table(name: "progress_entries", key: "book_id", hasHiddenRowID: true, rowKey: ["rowid"]),
    Table(name: "status_changes", key: "book_id", hasHiddenRowID: true, rowKey: ["rowid"]),
    Table(
      name: "book_sources", key: "book_id", hasHiddenRowID: true, rowKey: ["rowid"],
      derived: ["row_digest"]),
    Table(name: "book_tags", key: "book_id", hasHiddenRowID: true, rowKey: ["rowid"]),
    Table(
      name: "book_readings", key: "book_id", hasHiddenRowID: false,
      rowKey: ["book_id", "position"]),
    Table(name: "book_series", key: "book_id", hasHiddenRowID: true, rowKey: ["rowid"]),
    Table(name: "book_moods", key: "book_id", hasHiddenRowID: true, rowKey: ["rowid"]),
    Table(name: "highlights", key: "book_id", hasHiddenRowID: true, rowKey: ["rowid"]),
    Table(name: "removed_highlights", key: "book_id", hasHiddenRowID: true, rowKey: ["rowid"]),
    Table(name: "reading_sessions", key: "book_id", hasHiddenRowID: true, rowKey: ["rowid"]),
    Table(name: "removed_sessions", key: "book_id", hasHiddenRowID: true, rowKey: ["rowid"]),
    Table(name: "trash", key: "book_id", hasHiddenRowID: false, rowKey: ["id"]),
  ]

  /// A book's history: never rolled back (an undo adds to it), so kept beside the state
  /// and put back only with a book that comes back.
  static let historyTable = Table(
    name: "book_events", key: "book_id", hasHiddenRowID: true, rowKey: ["rowid"])

  static let goalTables = [
    Table(name: "reading_goals", key: "year", hasHiddenRowID: false, rowKey: ["year"])
  ]

  var tables: [Table] {
    switch self {
    case .book: Self.bookTables
    case .goal: Self.goalTables
    }
  }

  /// The value of the subject's key column.
  var key: Int64 {
    switch self {
    case .book(let id): id
    case .goal(let year): Int64(year)
    }
  }

  var bookID: Book.ID? {
    if case .book(let id) = self { return id }
    return nil
  }
}
