/// One reading of a book, as exports record it: when it started and ended, either of which
/// may be unknown.
public struct ReadingPeriod: Sendable, Hashable, Codable {
  public var start: CalendarDay?
  public var end: CalendarDay?

  public init(start: CalendarDay? = nil, end: CalendarDay? = nil) {
    self.start = start
    self.end = end
  }
}

/// What a book's record holds beyond what lists show: the fields that Goodreads and
/// StoryGraph exports carry. Stored apart from ``Book`` so that listing stays lean.
public struct BookDetails: Sendable, Equatable, Codable {
  /// 0.25 to 5 stars; `nil` when unrated.
  public var rating: Double?
  public var review: String?
  /// Shelves and tags, in the order given.
  public var tags: [String]
  /// Each reading with its dates, oldest first; empty when no dates are known.
  public var readings: [ReadingPeriod]
  public var readCount: Int?
  public var publisher: String?
  /// The year of first publication; negative before the common era.
  public var publicationYear: Int?
  /// Paperback, Hardcover, Kindle Edition, audio, ...
  public var binding: String?
  public var privateNotes: String?
  /// The book's id in other services: `["goodreads": "1234"]`.
  public var sourceIDs: [String: String]

  public init(
    rating: Double? = nil, review: String? = nil, tags: [String] = [],
    readings: [ReadingPeriod] = [], readCount: Int? = nil, publisher: String? = nil,
    publicationYear: Int? = nil, binding: String? = nil, privateNotes: String? = nil,
    sourceIDs: [String: String] = [:]
  ) {
    self.rating = rating
    self.review = review
    self.tags = tags
    self.readings = readings
    self.readCount = readCount
    self.publisher = publisher
    self.publicationYear = publicationYear
    self.binding = binding
    self.privateNotes = privateNotes
    self.sourceIDs = sourceIDs
  }

  /// Whether nothing is known.
  public var isEmpty: Bool { self == BookDetails() }
}

extension BookDetails {
  /// These details with every field `newer` knows replacing this one's; what `newer` leaves
  /// empty is kept, so a source that lacks a column (StoryGraph has no publisher) never
  /// erases what another source gave.
  public func updated(with newer: BookDetails) -> BookDetails {
    BookDetails(
      rating: newer.rating ?? rating,
      review: newer.review ?? review,
      tags: newer.tags.isEmpty ? tags : newer.tags,
      readings: newer.readings.isEmpty ? readings : newer.readings,
      readCount: newer.readCount ?? readCount,
      publisher: newer.publisher ?? publisher,
      publicationYear: newer.publicationYear ?? publicationYear,
      binding: newer.binding ?? binding,
      privateNotes: newer.privateNotes ?? privateNotes,
      sourceIDs: sourceIDs.merging(newer.sourceIDs) { $1 })
  }
}
