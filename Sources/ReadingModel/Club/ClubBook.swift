/// A book as a club names it: members' libraries give it different ids, so it is matched
/// by ISBN-13 or by its normalised title and first author.
public struct ClubBook: Sendable, Equatable, Hashable {
  public let isbn13: String?
  public let title: String
  public let author: String
  public let pageCount: Int?
  /// What events about this book are filed under: the title and first author, normalised,
  /// so that two editions with different ISBNs are still one book to the club. Worked out
  /// once: a journal names its book on every line.
  public let key: String

  /// The page counts a club book may have, as `bookclub add --pages` takes them.
  public static let pageLimit = 1...100_000

  public init(isbn13: String?, title: String, author: String, pageCount: Int?) {
    self.isbn13 = isbn13
    self.title = title
    self.author = author
    self.pageCount = pageCount
    key = MatchKey.title(title) + "\u{1F}" + MatchKey.author(author)
  }

  /// The club's name for a book of a member's library.
  public init(_ book: Book) {
    self.init(
      isbn13: book.isbn13, title: book.title, author: book.authors.first ?? "",
      pageCount: book.pageCount)
  }

  /// Whether `book` of a member's library is this book: the same ISBN-13, or the same
  /// normalised title and first author.
  public func matches(_ book: Book) -> Bool {
    if let isbn13, let other = book.isbn13, isbn13 == other { return true }
    return key == ClubBook(book).key
  }
}
