#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A book read from another service's export, ready to be matched against the library.
public struct ImportedBook: Sendable, Equatable {
  /// The line of the file the row starts on.
  public let line: Int
  /// The service: `goodreads`, `storygraph`, or `bookclub:<library id>` for another library.
  public let source: String
  /// The book's id in that service (Goodreads' Book Id, StoryGraph's ISBN/UID, the other
  /// library's book id); rows without one get a stand-in (``fallbackID(_:)``), which the
  /// import numbers when one file has several rows of the same stand-in.
  public internal(set) var sourceID: String
  /// Whether the file gave the row an id of its own, rather than a stand-in.
  public let hasOwnID: Bool
  /// What the row says, in canonical form; only the fields the file has columns for.
  public let fields: BookFields
  /// The row's columns as written, until their JSON is asked for.
  private var written: WrittenColumns
  /// The base, once ``makeBase()`` made it.
  private var madeBase: SourceBase?
  /// The keys of the title and authors, once ``makeAhead()`` made them.
  private var madeKeys: BookKeys?
  /// The digest of the file row as read (``SourceRowDigest``), for a row with an id of its
  /// own that came as it was written: kept with the link when its base is this row's.
  var rowDigest: ContentDigest?

  public init(
    line: Int, source: String, sourceID: String?, fields: BookFields, columnsJSON: String = "{}"
  ) {
    self.init(
      line: line, source: source, sourceID: sourceID, fields: fields,
      written: .json(columnsJSON))
  }

  /// A book whose columns' JSON is made from the row's fields when first asked for.
  ///
  /// - Parameters:
  ///   - row: The row's fields, as read.
  ///   - kept: The columns of them the format keeps.
  init(
    line: Int, source: String, sourceID: String?, fields: BookFields, row: [String],
    kept: KeptColumns
  ) {
    self.init(
      line: line, source: source, sourceID: sourceID, fields: fields,
      written: .fields(row, kept))
  }

  private init(
    line: Int, source: String, sourceID: String?, fields: BookFields, written: WrittenColumns
  ) {
    self.line = line
    self.source = source
    self.sourceID = sourceID ?? Self.fallbackID(fields)
    hasOwnID = sourceID != nil
    self.fields = fields
    self.written = written
  }

  /// The row's columns as written, as a flat JSON object with sorted keys: kept in the merge
  /// base for the Goodreads export.
  public var columnsJSON: String {
    switch written {
    case .json(let json): json
    case .fields(let row, let kept): kept.json(of: row)
    }
  }

  /// The row as the base of the next import.
  public var base: SourceBase {
    madeBase ?? SourceBase(fieldsJSON: fields.json, columnsJSON: columnsJSON)
  }

  /// Makes the base now, so that whoever takes the row finds it made: the thread reading a
  /// file does it while the import writing the rows is behind (``RowChannel``).
  mutating func makeBase() {
    guard madeBase == nil else { return }
    let base = self.base
    madeBase = base
    written = .json(base.columnsJSON)
  }

  /// Makes the base and the title's and authors' keys now, so that whoever takes the row
  /// finds them made: the thread reading a file does it while the import writing the rows
  /// is behind (``RowChannel``).
  mutating func makeAhead() {
    makeBase()
    if madeKeys == nil { madeKeys = keys }
  }

  /// The keys of the title and authors (``BookKeys``): what finds the book among the
  /// library's, and what a new book is written with.
  var keys: BookKeys { madeKeys ?? BookKeys(title: title, authors: fields.list(.authors)) }

  /// Whether the base was made ahead (``makeBase()``).
  var hasMadeBase: Bool { madeBase != nil }

  /// The row's columns as written.
  public var columns: [String: String] { StringMapJSON.decode(columnsJSON) ?? [:] }

  /// Equal when they say the same; whether a base was made ahead does not count.
  public static func == (lhs: ImportedBook, rhs: ImportedBook) -> Bool {
    lhs.line == rhs.line && lhs.source == rhs.source && lhs.sourceID == rhs.sourceID
      && lhs.hasOwnID == rhs.hasOwnID && lhs.fields == rhs.fields
      && lhs.columnsJSON == rhs.columnsJSON
  }

  public var title: String { fields[.title] ?? "" }

  /// The stand-in id of a row that has none: its ISBN-13, else its ISBN-10, else its whole
  /// title (subtitle included) and first author, folded.
  static func fallbackID(_ fields: BookFields) -> String {
    if let isbn = [fields[.isbn13], fields[.isbn10]].lazy.compactMap({ $0 }).first(where: {
      !$0.isEmpty
    }) {
      return fallbackISBNPrefix + isbn
    }
    return fallbackTitlePrefix + MatchKey.fullTitle(fields[.title] ?? "") + "/"
      + MatchKey.author(fields.list(.authors).first ?? "")
  }

  /// Whether a stored source id is a stand-in: the book has no id of its own from that
  /// source, so a row found by ISBN or title may claim it, and exports write no id for it.
  /// (Libraries before stand-ins by ISBN kept `title:` ids of the title without its
  /// subtitle; they are stand-ins too.)
  public static func isFallbackID(_ id: String) -> Bool {
    id.hasPrefix(fallbackTitlePrefix) || id.hasPrefix(fallbackISBNPrefix)
  }

  private static let fallbackTitlePrefix = "title:"
  private static let fallbackISBNPrefix = "isbn:"
}

/// What one row of an import file holds.
public enum ImportRow: Sendable {
  /// A book from Goodreads or StoryGraph.
  case book(ImportedBook)
  /// A book from a bookclub archive, with its ids and history.
  case archived(LibraryArchive.Item)
  /// A book read off an e-reader, with its highlights and position, and the source it is
  /// linked to: the device (`kindle`, or `kindle:NAME` for one of several), whose last
  /// ingest is the base of the next one's merge.
  case device(DeviceBook, source: String)
  /// A row that cannot be imported, and why.
  case skip(line: Int, reason: String)
  /// A row exactly as it was when its base, the base of the link to `book`, was made from
  /// it (``KnownSourceRows``): it says what it said at the last import, and was not mapped.
  case unchanged(line: Int, book: Book.ID)
}

/// Where import rows come from: a Goodreads or StoryGraph CSV, or a bookclub archive.
public protocol ImportSource {
  /// The format's name, for the summary.
  var formatName: String { get }
  /// Columns of the file that bookclub does not keep.
  var columnsNotKept: [String] { get }
  /// How far through the file the source is, for progress bars.
  var bytesRead: Int { get }
  var totalBytes: Int { get }
  /// The id of the library an archive was exported from; `nil` for other sources and for
  /// archives older than library ids.
  var archiveLibraryID: String? { get }
  /// Reading goals the file carries (a bookclub archive's).
  var goals: [ReadingGoal] { get }
  /// Parts of the file that could not be read at all, each with its place and why.
  var problems: [String] { get }

  /// The next row, or `nil` at the end.
  ///
  /// - Throws: ``CSVError`` and other errors that make the whole file unreadable.
  mutating func next() throws -> ImportRow?

  /// Things worth telling about rows that were imported (a custom shelf kept as a tag).
  var remarks: [String] { get }

  /// Where the import hands over the rows of its last import, so that the source can pass
  /// over rows that have not changed; `nil` for a source that maps every row.
  var knownRows: KnownSourceRows? { get }
}

extension ImportSource {
  public var knownRows: KnownSourceRows? { nil }
  public var archiveLibraryID: String? { nil }
  public var goals: [ReadingGoal] { [] }
  public var problems: [String] { [] }
}

/// A row's columns as written: their JSON, or the row's fields and the columns of them a
/// format keeps, from which the JSON is made when needed.
private enum WrittenColumns: Sendable {
  case json(String)
  case fields([String], KeptColumns)
}
