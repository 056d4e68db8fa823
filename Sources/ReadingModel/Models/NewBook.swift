/// What a person tells bookclub about a book they add; the library assigns the rest.
public struct NewBook: Sendable, Equatable {
  public var title: String
  public var authors: [String]
  public var isbn: ISBN?
  public var pageCount: Int?
  /// Paper, ebook or audiobook, when the reader says.
  public var format: BookFormat?
  /// How long an audiobook plays.
  public var length: AudioLength?
  public var status: ReadingStatus
  /// The work it is an edition of (``WorkKey``), as Open Library names it.
  public var work: String?
  /// The series it is in, as Open Library names them.
  public var series: [SeriesPlace] = []

  /// Creates a draft, trimming whitespace and dropping empty author names.
  ///
  /// - Throws: ``BookValidationError`` when the title or every author is blank (nothing but
  ///   whitespace, control and invisible characters), or the page count is out of range.
  public init(
    title: String,
    authors: [String],
    isbn: ISBN? = nil,
    pageCount: Int? = nil,
    format: BookFormat? = nil,
    length: AudioLength? = nil,
    status: ReadingStatus = .wantToRead
  ) throws(BookValidationError) {
    let title = title.collapsingWhitespace
    guard title.hasVisibleCharacters else { throw .emptyTitle }
    let authors = authors.map(\.collapsingWhitespace).filter(\.hasVisibleCharacters)
    guard !authors.isEmpty else { throw .noAuthor }
    if let pageCount, !StoredValue.pageCounts.contains(pageCount) {
      throw .pageCountOutOfRange(pageCount)
    }
    self.title = title
    self.authors = authors
    self.isbn = isbn
    self.pageCount = pageCount
    self.format = format
    self.length = length
    self.status = status
  }
}

/// Why a book cannot be added as given.
public enum BookValidationError: Error, Equatable, Sendable {
  /// The title is empty, or only whitespace, control or invisible characters.
  case emptyTitle
  /// No author has a name.
  case noAuthor
  /// A page count outside 1...100,000.
  case pageCountOutOfRange(Int)
}

extension String {
  /// The string with runs of whitespace and newlines made single spaces, trimmed at both ends.
  var collapsingWhitespace: String {
    if isSingleSpacedASCII { return trimmed }  // the common case, without splitting into words
    return split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
  }

  /// Whether the text is ASCII with no whitespace but single spaces, in one pass over its
  /// bytes: imports ask it of several fields of every row.
  private var isSingleSpacedASCII: Bool {
    var previous: UInt8 = 0
    for byte in utf8 {
      if byte >= 0x80 || (0x09...0x0D).contains(byte) || (byte == 0x20 && previous == 0x20) {
        return false
      }
      previous = byte
    }
    return true
  }
}
