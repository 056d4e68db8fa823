#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// bookclub's own interchange format: every book with every progress entry, note, detail,
/// status change and history event, so that importing an export gives back the same library.
///
/// ```json
/// {"format": "bookclub", "version": 5, "library": "6f1c...-UUID",
///  "books": [{"id": 1, "title": "...", "authors": ["..."], "isbn10": null,
///             "isbn13": "9780141439518", "pageCount": 480, "status": "reading",
///             "added": "2024-01-03T10:00:00.000Z", "updated": "...",
///             "progress": [{"id": "UUID", "progress": 0.25,
///                           "time": "2024-01-05T21:10:00.000Z", "note": "..."}],
///             "details": {"rating": 4.5, "tags": ["classics"], "readings": [{"end": "2024-02-01"}],
///                         "sourceIDs": {"goodreads": "19063"}, ...},
///             "statusChanges": [{"status": "reading", "time": "..."}],
///             "history": [{"time": "...", "kind": "edit", "detail": "pages: (empty) → 480"}],
///             "bases": {"goodreads": {"columns": {"Book Id": "19063", ...},
///                                     "fields": {"title": "...", ...}}}}]}
/// ```
/// Dates are UTC ISO 8601 to the millisecond, days are `yyyy-MM-dd`; `status` is `want`,
/// `reading`, `finished` or `abandoned`; `progress` is a fraction from 0 to 1. `history` is
/// what `bookclub show` lists (``BookEvent``): its `kind` is `edit`, `rate`, `tags`, `undo`,
/// `restore` or `import`, its `detail` the words shown. `details`, `statusChanges`, `history`
/// and `bases` are left out when empty. `library` names the library the archive came from:
/// importing it into that library matches books by id, importing it anywhere else matches
/// them like any other source's. `bases` are what each source said at its last import (the
/// next import's merge base). `highlights` are its highlights and quotes (`{"id", "kind",
/// "text", "time"}` and, when known, `"color", "device", "location", "note", "page",
/// "position"`), left out when there are none; `sessions` its reading sessions (`{"id",
/// "start", "seconds"}` and, when known, `"device", "endPosition", "firstPage", "lastPage",
/// "pages", "startPosition"`), left out when there are none. A book's `format` (`paper`, `ebook`, `audiobook`) and `length`
/// (an audiobook's, in seconds) are left out when unknown. Versions 1 (no `details`, no
/// `statusChanges`), 2 (no `library`, no `bases`), 3 (no `history`) and 4 (no `series`,
/// `moods`, `pace` or `upNext` in `details`, no `format` or `length`) are still read.
public struct LibraryArchive: Sendable, Codable, Equatable {
  public static let formatName = "bookclub"
  public static let currentVersion = 5

  public var format: String
  public var version: Int
  /// The id of the library the archive was exported from; `nil` before version 3.
  public var library: String?
  public var books: [Item]

  /// A book with its history.
  public struct Item: Sendable, Codable, Equatable {
    public var book: Book
    public var progress: ReadingProgress
    public var details: BookDetails
    public var statusChanges: [StatusChange]
    /// The book's edits, ratings, tag changes, undos and restores, oldest first; empty
    /// before version 4.
    public var history: [BookEvent]
    /// What each source said at its last import, by source.
    public var bases: [String: SourceBase]
    /// The book's highlights and quotes, in book order.
    public var highlights: [Highlight]
    /// The book's reading sessions, oldest first.
    public var sessions: [ReadingSession]

    public init(
      book: Book, progress: ReadingProgress, details: BookDetails = BookDetails(),
      statusChanges: [StatusChange] = [], history: [BookEvent] = [],
      bases: [String: SourceBase] = [:], highlights: [Highlight] = [],
      sessions: [ReadingSession] = []
    ) {
      self.book = book
      self.progress = progress
      self.details = details
      self.statusChanges = statusChanges
      self.history = history
      self.bases = bases
      self.highlights = highlights
      self.sessions = sessions
    }
  }

  public init(books: [Item], library: String? = nil) {
    self.format = Self.formatName
    self.version = Self.currentVersion
    self.library = library
    self.books = books
  }

  /// Reads an archive, checking its format, its version and every book.
  ///
  /// - Parameter data: The file's bytes.
  /// - Throws: ``ArchiveError``, naming the first book that does not fit.
  public static func decode(_ data: Data) throws(ArchiveError) -> LibraryArchive {
    var reader = try ArchiveReader(bytes: [UInt8](data))
    var books: [Item] = []
    while let book = try reader.next() { books.append(try book.get()) }
    var archive = LibraryArchive(books: books, library: reader.library)
    archive.version = reader.version
    return archive
  }

  /// The archive as pretty, key-sorted JSON: the same library always gives the same bytes.
  public func encoded() throws -> Data {
    try interchangeEncoder.encode(self)
  }
}

/// Why an archive could not be read.
public enum ArchiveError: Error, Equatable, Sendable {
  /// The JSON is malformed or a field has the wrong type.
  case unreadable(String)
  /// The JSON is not a bookclub archive.
  case notAnArchive
  /// The archive was written by a newer bookclub.
  case newerVersion(Int)
  /// A book whose values do not fit, and why.
  case invalidBook(String, reason: String)
}

extension ArchiveError: LocalizedError {
  public var errorDescription: String? {
    switch self {
    case .unreadable(let detail): "The archive cannot be read: \(detail)."
    case .invalidBook(let book, let reason): "In the archive, \(book): \(reason)."
    case .notAnArchive: "The file is not a bookclub archive (no \"format\": \"bookclub\")."
    case .newerVersion(let version):
      "The archive is version \(version), newer than this bookclub reads (\(LibraryArchive.currentVersion)). Update bookclub."
    }
  }
}
