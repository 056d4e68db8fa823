#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A book in the library: what it is and where the reader stands with it.
///
/// A value: changing a book means writing a new value through the ``Library``.
public struct Book: Sendable, Codable, Equatable, Hashable, Identifiable {
  /// The library's stable integer id of a book.
  public typealias ID = Int64

  /// Stable for the life of the library; never reused.
  public var id: ID
  public var title: String
  /// In the order the book credits them; never empty.
  public var authors: [String]
  public var isbn10: String?
  public var isbn13: String?
  public var pageCount: Int?
  /// Paper, ebook or audiobook; `nil` when nobody said.
  public var format: BookFormat?
  /// How long the recording plays, for an audiobook.
  public var length: AudioLength?
  public var status: ReadingStatus
  public var dateAdded: Date
  public var dateUpdated: Date

  public init(
    id: ID,
    title: String,
    authors: [String],
    isbn10: String? = nil,
    isbn13: String? = nil,
    pageCount: Int? = nil,
    format: BookFormat? = nil,
    length: AudioLength? = nil,
    status: ReadingStatus = .wantToRead,
    dateAdded: Date,
    dateUpdated: Date
  ) {
    self.id = id
    self.title = title
    self.authors = authors
    self.isbn10 = isbn10
    self.isbn13 = isbn13
    self.pageCount = pageCount
    self.format = format
    self.length = length
    self.status = status
    self.dateAdded = dateAdded
    self.dateUpdated = dateUpdated
  }
}
