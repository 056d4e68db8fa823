/// What page of the library to read.
public struct PageQuery: Sendable, Equatable {
  public static let limits = 1...1000

  public var after: PageCursor?
  public var limit: Int
  public var status: ReadingStatus?
  /// Words that must appear in the title or an author, ignoring case and accents.
  public var search: String?
  public var sort: BookSort

  public init(
    after: PageCursor? = nil,
    limit: Int = 30,
    status: ReadingStatus? = nil,
    search: String? = nil,
    sort: BookSort = .id
  ) {
    self.after = after
    self.limit = min(max(limit, Self.limits.lowerBound), Self.limits.upperBound)
    self.status = status
    self.search = search
    self.sort = sort
  }

  /// The same query, continuing after `cursor`.
  public func continuing(after cursor: PageCursor) -> PageQuery {
    var next = self
    next.after = cursor
    return next
  }

  /// The 1-based position of the first book of this page.
  public var firstPosition: Int { (after?.position ?? 0) + 1 }
}
