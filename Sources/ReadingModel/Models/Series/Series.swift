/// A series as the library has it: its books in series order, and where the reader stands.
public struct Series: Sendable, Equatable {
  /// One of its books, with its place.
  public struct Member: Sendable, Equatable {
    public var book: Book
    /// The book's place; `nil` when nobody said (such books come last, by id).
    public var position: SeriesPosition?

    public init(book: Book, position: SeriesPosition?) {
      self.book = book
      self.position = position
    }
  }

  /// The name as the first of its books gives it.
  public var name: String
  /// In series order: by place, then by id.
  public var members: [Member]

  public init(name: String, members: [Member]) {
    self.name = name
    self.members = members
  }

  /// How many of its books are finished.
  public var finished: Int { members.count { $0.book.status == .finished } }

  /// The book to read next: the first in series order that is being read, or else the
  /// first neither finished nor abandoned after the last one finished (a series read from
  /// its third book on does not send the reader back to the first). `nil` when none is left.
  public var next: Member? {
    if let reading = members.first(where: { $0.book.status == .reading }) { return reading }
    let lastFinished = members.lastIndex { $0.book.status == .finished } ?? -1
    let after = members[(lastFinished + 1)...].first { Self.isLeft($0.book.status) }
    return after ?? members.first { Self.isLeft($0.book.status) }
  }

  private static func isLeft(_ status: ReadingStatus) -> Bool {
    status == .wantToRead || status == .reading
  }

  /// The members sorted into series order.
  static func ordered(_ members: [Member]) -> [Member] {
    members.sorted { lhs, rhs in
      switch (lhs.position, rhs.position) {
      case (let left?, let right?) where left != right: left < right
      case (nil, _?): false
      case (_?, nil): true
      default: lhs.book.id < rhs.book.id
      }
    }
  }
}
