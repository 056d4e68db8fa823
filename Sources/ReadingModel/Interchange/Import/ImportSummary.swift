/// What an import did, row by row: nothing is skipped without a line and a reason, and no
/// book is counted as updated without the fields that changed.
public struct ImportSummary: Sendable, Equatable {
  /// A row that was not imported.
  public struct SkippedRow: Sendable, Equatable {
    public var line: Int
    public var reason: String
  }

  public var format: String
  public var added = 0
  public var updated = 0
  public var unchanged = 0
  public var skipped: [SkippedRow] = []
  /// Books updated, each field before and after; on a dry run, books added too.
  public var changes: [BookChange] = []
  /// Fields both the library and the source changed since the last import.
  public var conflicts: [BookConflicts] = []
  /// Remarks on imported rows, with their lines.
  public var remarks: [String] = []
  public var columnsNotKept: [String] = []
  /// Highlights and notes an ingest added, and those whose text the device changed.
  public var highlightsAdded = 0
  public var highlightsUpdated = 0
  /// Reading sessions an ingest added, and those whose time or pages the device changed.
  public var sessionsAdded = 0
  public var sessionsUpdated = 0
  /// Positions an ingest recorded as progress entries.
  public var positionsRecorded = 0
  /// A device's books that matched none of the library's and were not added
  /// (``ImportOptions/addUnmatched``), or matched one another book of the device already is.
  public var notMatched: [NotMatchedBook] = []
  /// Parts of a device's files that could not be read, each with its place and why.
  public var unreadable: [String] = []
  /// With ``ImportOptions/shareHighlights``: each book's highlights added, for the clubs.
  public var highlightsShared: [BookHighlights] = []
  /// Whether nothing was written on purpose (`--dry-run`).
  public var dryRun = false
  /// The import's record of changes, which `bookclub undo` takes back whole; `nil` when it
  /// changed nothing (or on a dry run, whose copy is thrown away).
  public var record: ChangeRecord?

  public init(format: String) {
    self.format = format
  }

  /// Every row of the file: added, updated, unchanged or skipped.
  public var rows: Int { added + updated + unchanged + skipped.count }

  /// How rows are named: `line` in CSV files, `item` in archives (one book per line),
  /// `book` on a device and in a Hardcover account.
  public var rowNoun: String {
    if format == LibraryArchive.formatName { return "item" }
    if format == HardcoverLibrary.formatName { return "book" }
    return DeviceKind.allCases.contains { format.hasPrefix($0.displayName) } ? "book" : "line"
  }
}

/// A book an import added or changed.
public struct BookChange: Sendable, Equatable {
  public enum Kind: String, Sendable {
    case added, updated
  }

  /// The row (or archive item) it came from.
  public var line: Int
  /// The book's id; `nil` for a book a dry run would add.
  public var bookID: Book.ID?
  public var title: String
  public var kind: Kind
  /// Each field that changes, with the value before (empty for a new book) and after.
  public var fields: [FieldChange]
  /// Progress entries an archive brought that the book did not have.
  public var entriesAdded = 0
  /// Highlights and quotes an archive or a device brought that the book did not have.
  public var highlightsAdded = 0
  /// Highlights whose text a device changed, or whose note it gave.
  public var highlightsUpdated = 0
  /// Reading sessions an archive or a device brought that the book did not have, and those
  /// whose time or pages a device changed.
  public var sessionsAdded = 0
  public var sessionsUpdated = 0
  /// On a dry run, the sessions an ingest would add.
  public var sessions: [ReadingSession] = []
  /// On a dry run of an ingest, the highlights and notes it would add, in book order.
  public var highlights: [Highlight] = []
  /// The device's position an ingest recorded as a progress entry.
  public var position: DevicePosition?
}

/// A book of a device an ingest did not bring in, and why.
public struct NotMatchedBook: Sendable, Equatable {
  /// Why a book the reader could still match was not: none of the library's matched it.
  public static let matchesNone = "no book of the library has its title and author"

  /// Its number among the device's books, and its place in the device's files.
  public var line: Int
  /// The device's key of the book, which ``ImportOptions/chosen`` takes.
  public var key: String
  public var place: String
  public var title: String
  public var authors: [String]
  /// What it carried that the library did not get.
  public var highlights: Int
  public var reason: String
}

/// One field's value before and after an import, in ``BookFields`` form.
public struct FieldChange: Sendable, Equatable {
  public var field: BookField
  public var before: String
  public var after: String
}

/// The conflicts of one book.
public struct BookConflicts: Sendable, Equatable {
  public var line: Int
  public var bookID: Book.ID
  public var title: String
  public var fields: [FieldConflict]
}

/// How far an import has come, for a progress bar.
public struct ImportProgress: Sendable, Equatable {
  public var bytesRead: Int
  public var totalBytes: Int
  public var rows: Int
}

/// How an import merges.
public struct ImportOptions: Sendable, Equatable {
  /// Work on a private copy and report what would happen; no file is touched.
  public var dryRun: Bool
  /// Who wins a conflict.
  public var prefer: MergePreference
  /// How many new books are staged before they reach the library's tables (small in tests,
  /// so a test crosses a flush).
  var stagingBatch = BookStaging.flushEvery
  /// What the record of changes calls the import's file (`goodreads_library_export.csv`);
  /// `nil` names only its format.
  public var origin: String?
  /// For an ingest: the books chosen for a device's books (`--map`), by the device's key.
  public var chosen: [String: Book.ID] = [:]
  /// For an ingest: whether a device's book that matches none of the library's is added
  /// (else it is listed as not matched).
  public var addUnmatched = true
  /// For an ingest: device books (by key) that match none of the library's and are added
  /// whatever ``addUnmatched`` says, or left out: what the reader answered at a terminal.
  public var addedAnyway: Set<String> = []
  public var leftOut: Set<String> = []
  /// For an ingest: whether the highlights it adds are shared with the clubs reading their
  /// books (`--share`), listed in ``ImportSummary/highlightsShared``.
  public var shareHighlights = false

  public init(dryRun: Bool = false, prefer: MergePreference = .library, origin: String? = nil) {
    self.dryRun = dryRun
    self.prefer = prefer
    self.origin = origin
  }
}

/// A book and highlights of it: what an ingest asked to share with the clubs.
public struct BookHighlights: Sendable, Equatable {
  public var book: Book
  public var highlights: [Highlight]

  public init(book: Book, highlights: [Highlight]) {
    self.book = book
    self.highlights = highlights
  }
}
