import Foundation

/// A book read from another service's export, ready to be matched against the library.
public struct ImportedBook: Sendable, Equatable {
  /// The line of the file the row starts on.
  public var line: Int
  public var title: String
  public var authors: [String]
  public var isbn: ISBN?
  public var pageCount: Int?
  public var status: ReadingStatus
  /// `nil` when the export does not say; a new book then gets the time of the import.
  public var dateAdded: Date?
  /// Rating, review, tags, dates read, ... and the source's id for the book.
  public var details: BookDetails

  public init(
    line: Int, title: String, authors: [String], isbn: ISBN? = nil, pageCount: Int? = nil,
    status: ReadingStatus, dateAdded: Date? = nil, details: BookDetails = BookDetails()
  ) {
    self.line = line
    self.title = title
    self.authors = authors
    self.isbn = isbn
    self.pageCount = pageCount
    self.status = status
    self.dateAdded = dateAdded
    self.details = details
  }
}

/// What one row of an import file holds.
public enum ImportRow: Sendable {
  /// A book from Goodreads or StoryGraph.
  case book(ImportedBook)
  /// A book from a bookclub archive, with its ids and history.
  case archived(LibraryArchive.Item)
  /// A row that cannot be imported, and why.
  case skip(line: Int, reason: String)
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

  /// The next row, or `nil` at the end.
  ///
  /// - Throws: ``CSVError`` and other errors that make the whole file unreadable.
  mutating func next() throws -> ImportRow?

  /// Things worth telling about rows that were imported (a custom shelf kept as a tag).
  var remarks: [String] { get }
}
