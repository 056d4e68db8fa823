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
    // The common case, in any script, without splitting into words.
    if isSingleSpaced { return trimmed }
    return split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
  }

  /// Whether the text has no whitespace but single ASCII spaces, in one pass over its
  /// bytes: imports ask it of several fields of every row, in whatever script they are.
  /// Unicode's other spaces (U+0085, U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029,
  /// U+202F, U+205F, U+3000) and the ASCII controls that are whitespace send the text the
  /// long way.
  private var isSingleSpaced: Bool {
    if let answer = utf8.withContiguousStorageIfAvailable(Self.isSingleSpaced) { return answer }
    // A string not stored as UTF-8: made so, then looked at.
    var copy = self
    return copy.withUTF8(Self.isSingleSpaced)
  }

  private static func isSingleSpaced(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var previous: UInt8 = 0
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte < 0x80 {
        if (0x09...0x0D).contains(byte) || (byte == 0x20 && previous == 0x20) { return false }
      } else if byte == 0xC2 {
        if index + 1 < count, bytes[index + 1] == 0x85 || bytes[index + 1] == 0xA0 { return false }
      } else if byte == 0xE1 {
        if index + 2 < count, bytes[index + 1] == 0x9A, bytes[index + 2] == 0x80 { return false }
      } else if byte == 0xE2 {
        if index + 2 < count {
          let second = bytes[index + 1]
          let third = bytes[index + 2]
          if second == 0x80, (0x80...0x8A).contains(third) || [0xA8, 0xA9, 0xAF].contains(third) {
            return false
          }
          if second == 0x81, third == 0x9F { return false }
        }
      } else if byte == 0xE3 {
        if index + 2 < count, bytes[index + 1] == 0x80, bytes[index + 2] == 0x80 { return false }
      }
      previous = byte
      index += 1
    }
    return true
  }
}
