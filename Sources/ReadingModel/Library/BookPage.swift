/// A book as a list shows it: the book and how far the reader is.
public struct ListedBook: Sendable, Equatable, Identifiable, Codable {
  public var book: Book
  /// The newest progress entry's fraction, or `nil` when nothing was recorded.
  public var progress: Double?

  public var id: Book.ID { book.id }

  public init(book: Book, progress: Double? = nil) {
    self.book = book
    self.progress = progress
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
