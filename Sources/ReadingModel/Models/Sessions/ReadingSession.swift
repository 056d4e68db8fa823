#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A span of reading (DESIGN.md section 14): when it started, how long the reader read, how
/// far it took them, and on what. An e-reader's page turns become sessions; the reader logs
/// others (`bookclub session`, `bookclub read`). A value: the library keeps it with its book,
/// and the archive and sync carry it.
public struct ReadingSession: Sendable, Hashable, Identifiable {
  /// The longest session kept: a day. A device's record of more is a clock gone wrong.
  public static let longest = 86_400

  public let id: UUID
  public var start: Date
  /// Seconds spent reading: less than the span from start to the last page turn when the
  /// reader paused.
  public var seconds: Int
  /// Where in the book it began and ended, 0 to 1, when known.
  public var startPosition: Double?
  public var endPosition: Double?
  /// The first and last page read, in the book's pages, when known.
  public var firstPage: Int?
  public var lastPage: Int?
  /// How many pages were read: turned on a device, or from the first page to the last.
  public var pages: Int?
  /// Where it came from: `koreader`, `kobo`; `nil` for one logged here.
  public var device: String?

  public init(
    id: UUID = UUID(), start: Date, seconds: Int, startPosition: Double? = nil,
    endPosition: Double? = nil, firstPage: Int? = nil, lastPage: Int? = nil, pages: Int? = nil,
    device: String? = nil
  ) {
    self.id = id
    self.start = start.roundedToMilliseconds
    self.seconds = seconds
    self.startPosition = startPosition.map(StoredValue.fraction)
    self.endPosition = endPosition.map(StoredValue.fraction)
    self.firstPage = firstPage
    self.lastPage = lastPage
    self.pages = pages
    self.device = device
  }

  /// When the reading ended (or paused for good).
  public var end: Date { start.addingTimeInterval(TimeInterval(seconds)) }

  /// Pages read an hour, when the pages are known and the session is long enough (a
  /// minute) to say.
  public var pagesPerHour: Double? {
    guard let pages, pages > 0, seconds >= 60 else { return nil }
    return Double(pages) * 3600 / Double(seconds)
  }

  /// Why this session cannot be kept, if it cannot: no time, more than a day, a page out of
  /// range, or pages going backwards.
  public var problem: ReadingSessionError? {
    guard seconds > 0 else { return .noTime(seconds) }
    guard seconds <= Self.longest else { return .tooLong(seconds) }
    for page in [firstPage, lastPage, pages].compactMap({ $0 })
    where !(0...StoredValue.pageCounts.upperBound).contains(page) {
      return .pageOutOfRange(page)
    }
    if let firstPage, let lastPage, lastPage < firstPage {
      return .pagesBackwards(first: firstPage, last: lastPage)
    }
    return nil
  }
}

/// Why a reading session was not kept.
public enum ReadingSessionError: Error, Equatable, Sendable {
  /// No time read, or less than none (how many seconds).
  case noTime(Int)
  /// More than ``ReadingSession/longest`` seconds (how many).
  case tooLong(Int)
  /// A page below 0 or past any book's.
  case pageOutOfRange(Int)
  /// A last page before the first.
  case pagesBackwards(first: Int, last: Int)
  /// No session has that id (or the start of one).
  case notFound(String)
}
