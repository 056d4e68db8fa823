/// A book as a club names it: members' libraries give it different ids, so it is matched
/// by ISBN-13 or by its normalised title and first author.
public struct ClubBook: Sendable, Equatable, Hashable {
  public var isbn13: String? { storage.isbn13 }
  public var title: String { storage.title }
  public var author: String { storage.author }
  public var pageCount: Int? { storage.pageCount }
  /// What events about this book are filed under: the title and first author, normalised,
  /// so that two editions with different ISBNs are still one book to the club. Worked out
  /// once: a journal names its book on every line.
  public var key: String { storage.key }

  /// The values, shared by every copy: an event is copied several times as a journal is
  /// read and folded, and a copy of one reference costs less than a copy of four strings.
  private final class Storage: Sendable {
    let isbn13: String?
    let title: String
    let author: String
    let pageCount: Int?
    let key: String

    init(isbn13: String?, title: String, author: String, pageCount: Int?, key: String) {
      self.isbn13 = isbn13
      self.title = title
      self.author = author
      self.pageCount = pageCount
      self.key = key
    }
  }

  private let storage: Storage

  /// The page counts a club book may have, as `bookclub add --pages` takes them.
  public static let pageLimit = 1...100_000

  public init(isbn13: String?, title: String, author: String, pageCount: Int?) {
    storage = Storage(
      isbn13: isbn13, title: title, author: author, pageCount: pageCount,
      key: MatchKey.title(title) + "\u{1F}" + MatchKey.author(author))
  }

  public static func == (lhs: ClubBook, rhs: ClubBook) -> Bool {
    lhs.storage === rhs.storage
      || (lhs.isbn13 == rhs.isbn13 && lhs.title == rhs.title && lhs.author == rhs.author
        && lhs.pageCount == rhs.pageCount && lhs.key == rhs.key)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(isbn13)
    hasher.combine(title)
    hasher.combine(author)
    hasher.combine(pageCount)
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
