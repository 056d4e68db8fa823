/// A book as a list shows it: the book and how far the reader is.
public struct ListedBook: Sendable, Equatable, Identifiable, Codable {
  public var book: Book
  /// The newest progress entry's fraction, or `nil` when nothing was recorded.
  public var progress: Double?
  /// The stars (0.25 to 5), when a listing read them and the book is rated.
  public var rating: Double?
  /// The day the book was last finished (`2024-03-05`), when a listing read it and it was.
  public var finishedDay: String?

  public var id: Book.ID { book.id }

  public init(
    book: Book, progress: Double? = nil, rating: Double? = nil, finishedDay: String? = nil
  ) {
    self.book = book
    self.progress = progress
    self.rating = rating
    self.finishedDay = finishedDay
  }
}

/// One page of a listing, and where the next one starts.
public struct BookPage: Sendable, Equatable {
  public var books: [ListedBook]
  /// `nil` when this is the last page.
  public var next: PageCursor?
  /// How many books match the query in all, counted in the same snapshot as the page;
  /// `nil` when the query did not ask.
  public var total: Int?

  public init(books: [ListedBook], next: PageCursor?, total: Int? = nil) {
    self.books = books
    self.next = next
    self.total = total
  }
}
