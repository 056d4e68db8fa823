/// A reader's Hardcover library, fetched through the API, as import rows: what
/// `hardcover pull` merges. It is a source of its own (`hardcover-account`), named by
/// Hardcover's book id, so that the CSV export (`hardcover`, which says more of the same
/// books) and the API each keep their own base.
public struct HardcoverLibrary: ImportSource {
  public static let formatName = "Hardcover account"
  public static let source = "hardcover-account"
  /// The source books imported from Hardcover's CSV export are linked in: their ids are
  /// Hardcover's book ids too.
  public static let csvSource = HardcoverMapper.source

  private let books: [HardcoverUserBook]
  private let userID: Int64?
  private let baseProgress: [Int64: HardcoverState.Progress]
  private var index = 0
  public var formatName: String { Self.formatName }
  public let columnsNotKept: [String] = []
  public var remarks: [String] { [] }
  public var bytesRead: Int { index }
  public var totalBytes: Int { books.count }

  /// - Parameters:
  ///   - books: The rows the API gave, in its order.
  ///   - userID: The reader's id; a row of another user's is not imported.
  ///   - baseProgress: The position each book's base is to hold, by Hardcover book id,
  ///     where it is not Hardcover's (a position the pull did not take).
  public init(
    books: [HardcoverUserBook], userID: Int64?,
    baseProgress: [Int64: HardcoverState.Progress] = [:]
  ) {
    self.books = books
    self.userID = userID
    self.baseProgress = baseProgress
  }

  public mutating func next() throws -> ImportRow? {
    guard index < books.count else { return nil }
    let book = books[index]
    index += 1
    if let userID, let owner = book.userID, owner != userID {
      return .skip(line: index, reason: "Hardcover gave a book of another user's (\(owner))")
    }
    guard !book.title.isEmpty, !book.authors.isEmpty else {
      return .skip(line: index, reason: "Hardcover's book \(book.bookID) has no title or no author")
    }
    return .book(
      ImportedBook(
        line: index, source: Self.source, sourceID: String(book.bookID),
        fields: Self.fields(of: book),
        columnsJSON: StringMapJSON.encode(
          Self.columns(of: book, progress: baseProgress[book.bookID] ?? book.state.progress))))
  }

  /// What the book says, in the fields bookclub merges.
  public static func fields(of book: HardcoverUserBook) -> BookFields {
    var fields = BookFields()
    fields[.title] = book.title
    fields.setList(.authors, book.authors)
    fields.setList(.contributors, book.contributors)
    let isbn = ISBN(book.isbn13) ?? ISBN(book.isbn10)
    fields[.isbn13] = isbn?.isbn13 ?? ""
    fields[.isbn10] = isbn?.isbn10 ?? ""
    fields[.pageCount] = book.pages.map(String.init) ?? ""
    // An edition with a playing time is an audiobook's.
    let length = book.audioSeconds.flatMap { AudioLength(seconds: $0) }
    fields[.length] = length?.text ?? ""
    if length != nil { fields[.format] = BookFormat.audiobook.rawValue }
    fields[.dateAdded] = book.dateAdded?.description ?? ""
    fields[.review] = book.review
    fields[.spoiler] = book.reviewHasSpoilers ? BookFields.spoilerText : ""
    HardcoverState.fields(book.state, into: &fields)
    return fields
  }

  /// The ids and the position that push needs and no field holds, kept in the base.
  public static func columns(of book: HardcoverUserBook, progress: HardcoverState.Progress)
    -> [String: String]
  {
    var columns = ["user_book_id": String(book.id)]
    if let edition = book.editionID { columns["edition_id"] = String(edition) }
    progress.write(into: &columns)
    return columns
  }
}
