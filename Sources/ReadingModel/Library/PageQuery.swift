#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What page of the library to read.
public struct PageQuery: Sendable, Equatable {
  public static let limits = 1...1000

  public var after: PageCursor?
  public var limit: Int
  public var status: ReadingStatus?
  /// Words that must appear in the title or an author, ignoring case and accents.
  public var search: String?
  /// Tags every book must have (compared folded).
  public var tags: [String]
  /// Only books in this series (its name, case and accents ignored).
  public var series: String?
  /// Moods every book must have (compared folded).
  public var moods: [String]
  /// Only books of this pace (StoryGraph's word: `fast`), as given.
  public var pace: String?
  /// Only books of this format.
  public var format: BookFormat?
  /// Only the books in the Up Next queue.
  public var queued: Bool
  /// The lowest rating a book may have (unrated books are left out).
  public var ratingAtLeast: Double?
  /// Only books finished in this year.
  public var finishedIn: Int?
  /// Only books added at or after this time.
  public var addedSince: Date?
  public var sort: BookSort
  /// The sort's order the other way round (a cursor continues in the query's order).
  public var reversed: Bool
  /// Whether to count every book that matches, for "31–60 of 365".
  public var countsTotal: Bool

  public init(
    after: PageCursor? = nil,
    limit: Int = 30,
    status: ReadingStatus? = nil,
    search: String? = nil,
    tags: [String] = [],
    series: String? = nil,
    moods: [String] = [],
    pace: String? = nil,
    format: BookFormat? = nil,
    queued: Bool = false,
    ratingAtLeast: Double? = nil,
    finishedIn: Int? = nil,
    addedSince: Date? = nil,
    sort: BookSort = .id,
    reversed: Bool = false,
    countsTotal: Bool = false
  ) {
    self.after = after
    self.limit = min(max(limit, Self.limits.lowerBound), Self.limits.upperBound)
    self.status = status
    self.search = search
    self.tags = tags
    self.series = series
    self.moods = moods
    self.pace = pace
    self.format = format
    self.queued = queued
    self.ratingAtLeast = ratingAtLeast
    self.finishedIn = finishedIn
    self.addedSince = addedSince
    self.sort = sort
    self.reversed = reversed
    self.countsTotal = countsTotal
  }

  /// The same query, continuing after `cursor`.
  public func continuing(after cursor: PageCursor) -> PageQuery {
    var next = self
    next.after = cursor
    return next
  }

  /// The 1-based position of the first book of this page.
  public var firstPosition: Int { (after?.position ?? 0) + 1 }

  /// Whether no filter but the status narrows the books (the counts kept per status answer
  /// how many match).
  var filtersOnlyByStatus: Bool {
    tags.isEmpty && moods.isEmpty && pace == nil && format == nil && !queued
      && filtersOnlyByStatusAndSets
  }

  /// Whether no filter but the search narrows the books.
  var filtersOnlyBySearch: Bool {
    status == nil && tags.isEmpty && series == nil && moods.isEmpty && pace == nil
      && format == nil && !queued && ratingAtLeast == nil && finishedIn == nil && addedSince == nil
  }

  /// Whether no filter but the status and sets with rows of their own (tags, moods, a
  /// pace, a format, the queue) narrows the books: their own keys answer how many books are in them all,
  /// without reading a book.
  var filtersOnlyByStatusAndSets: Bool {
    (search ?? "").allSatisfy(\.isWhitespace) && series == nil && ratingAtLeast == nil
      && finishedIn == nil && addedSince == nil
  }
}
