#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Openreads' backup (`Openreads-….backup`): a zip file whose `books.backup` holds one JSON
/// object a book, joined by `@@@@@` (`|||||` in the oldest backups), covers beside it. Every
/// book is named by its `id`; one in Openreads' trash is skipped, and said.
struct OpenreadsBackup: ImportSource {
  static let formatName = "Openreads"
  static let source = "openreads"

  private let books: [[UInt8]]
  private var index = 0
  let totalBytes: Int
  private(set) var bytesRead = 0

  var formatName: String { Self.formatName }
  let columnsNotKept: [String] = []
  var remarks: [String] = []

  /// Opens the backup at `path` and splits its books.
  ///
  /// - Throws: ``ImportError/unreadableBackup(_:)`` for a file that is no Openreads backup.
  init(path: String) throws {
    let file = try InputFile(path: path)
    guard file.size <= ZipArchive.largestEntry else {
      throw ImportError.unreadableBackup("it is larger than a backup of books can be")
    }
    let archive: ZipArchive
    do {
      archive = try ZipArchive(bytes: try file.read(upTo: ZipArchive.largestEntry + 1))
    } catch {
      throw ImportError.unreadableBackup("it is not a zip file")
    }
    let contents: [UInt8]?
    do {
      contents = try archive.contents(of: "books.backup")
    } catch {
      throw ImportError.unreadableBackup("its books.backup is damaged")
    }
    guard let contents else {
      throw ImportError.unreadableBackup("it has no books.backup: is it Openreads'?")
    }
    totalBytes = contents.count
    books = Self.split(contents)
  }

  /// The books' JSON objects: split where one object ends and the next begins.
  static func split(_ bytes: [UInt8]) -> [[UInt8]] {
    var books: [[UInt8]] = []
    var start = 0
    var index = 0
    let separators = [Array("}@@@@@{".utf8), Array("}|||||{".utf8)]
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "}"),
        separators.contains(where: { bytes[index...].starts(with: $0) })
      {
        books.append(Array(bytes[start...index]))
        index += 6
        start = index
      } else {
        index += 1
      }
    }
    if start < bytes.count { books.append(Array(bytes[start...])) }
    return books.filter { !$0.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D } }
  }

  mutating func next() throws -> ImportRow? {
    guard index < books.count else { return nil }
    let bytes = books[index]
    index += 1
    bytesRead += bytes.count + 5
    var parser = JSONParser(bytes: bytes)
    guard case .object(let book)? = try? parser.value() else {
      return .skip(line: index, reason: "book \(index) of books.backup is not a JSON object")
    }
    return OpenreadsBook.row(
      book, line: index, place: "book \(index) of books.backup", remarks: &remarks)
  }
}

/// One Openreads book, from its backup's JSON, as an import row.
enum OpenreadsBook {
  /// Openreads' statuses by their numbers.
  static let statuses: [Int64: ReadingStatus] = [
    0: .finished, 1: .reading, 2: .wantToRead, 3: .abandoned,
  ]

  /// Openreads' book types as bookclub's formats.
  static let formats: [String: BookFormat] = [
    "paperback": .paper, "hardcover": .paper, "paper": .paper, "ebook": .ebook,
    "audiobook": .audiobook,
  ]

  /// - Parameters:
  ///   - source: The backup's, or the CSV's (a source of its own: it has no ids).
  ///   - place: Where the book is, for remarks (`line 4`).
  ///   - remarks: Where remarks on the book go (a rating that is none).
  static func row(
    _ book: [String: JSONValue], line: Int, source: String = OpenreadsBackup.source,
    place: String, remarks: inout [String]
  ) -> ImportRow {
    func text(_ key: String) -> String { book[key]?.string?.trimmingWhitespace() ?? "" }
    if book["deleted"]?.integer == 1 {
      return .skip(line: line, reason: "it is in Openreads' trash")
    }
    let title = [text("title"), text("subtitle")].filter { !$0.isEmpty }.joined(separator: ": ")
    let author = text("author")
    guard !title.isEmpty, !author.isEmpty else {
      return .skip(line: line, reason: "it has no title or no author")
    }
    var fields = BookFields()
    fields[.title] = title
    fields.setList(.authors, [author])
    // No status is Openreads' 0, finished; one it has and bookclub does not know (a newer
    // Openreads's) is kept as a tag rather than taken for another status.
    var unknownStatus: String?
    switch book["status"] {
    case nil, .null?: fields[.status] = ReadingStatus.finished.rawValue
    case .integer(let number)? where statuses[number] != nil:
      fields[.status] = statuses[number]!.rawValue
    case .integer(let number)?: unknownStatus = "Openreads status \(number)"
    case .string(let word)?:
      // A word from a stranger's file: one line, no control characters, a tag's length.
      let line = word.collapsingWhitespace.unicodeScalars.filter {
        $0.properties.generalCategory != .control
      }
      let shown = String(String.UnicodeScalarView(line)).prefix(40)
      unknownStatus = "Openreads status " + (shown.isEmpty ? "unknown" : shown)
    case _?: unknownStatus = "Openreads status unknown"
    }
    // Stars times ten: 45 is four and a half. A number past five stars is none: it leaves
    // the book's rating as it is, not cleared, and is remarked on.
    if let rating = book["rating"]?.integer, rating != 0 {
      RatingCell(String(rating), read: { Rating(stored: Double($0).map { $0 / 10 } ?? 0) })
        .apply(to: &fields, at: place, remarks: &remarks)
    }
    var tags = text("tags").components(separatedBy: "|||||").map { $0.trimmingWhitespace() }
      .filter { !$0.isEmpty }
    if book["favourite"]?.integer == 1 { tags.append("favourite") }
    if let unknownStatus { tags.append(unknownStatus) }
    fields.setList(.tags, tags)
    if let pages = book["pages"]?.integer, pages > 0 { fields[.pageCount] = String(pages) }
    if let year = book["publication_year"]?.integer, (1...9999).contains(year) {
      fields[.originalYear] = String(year)
    }
    let isbn = ISBN(text("isbn"))
    fields[.isbn13] = isbn?.isbn13 ?? ""
    fields[.isbn10] = isbn?.isbn10 ?? ""
    fields.setList(.identifiers, text("olid").isEmpty ? [] : ["openlibrary:" + text("olid")])
    fields[.review] = text("my_review")
    fields[.privateNotes] = text("notes")
    let type = text("book_type")
    fields[.format] = formats[type.lowercased()]?.rawValue ?? ""
    fields[.binding] = type
    fields.setList(.readings, readings(book).map(\.text))
    fields[.dateAdded] = CalendarDay(String(text("date_added").prefix(10)))?.description ?? ""
    let id = book["id"]?.integer.map(String.init)
    return .book(
      ImportedBook(line: line, source: source, sourceID: id, fields: fields))
  }

  /// `start|finish|ms;start|finish|ms`, each a local time (`2023-10-27T00:00:00.000`) or
  /// empty; a backup before 2024 has `start_date` and `finish_date` instead.
  static func readings(_ book: [String: JSONValue]) -> [ReadingPeriod] {
    func day(_ text: Substring?) -> CalendarDay? {
      text.flatMap { CalendarDay(String($0.prefix(10))) }
    }
    guard let text = book["readings"]?.string else {
      let start = day(book["start_date"]?.string?[...])
      let end = day(book["finish_date"]?.string?[...])
      return start == nil && end == nil ? [] : [ReadingPeriod(start: start, end: end)]
    }
    return text.split(separator: ";").compactMap { reading in
      let parts = reading.split(separator: "|", omittingEmptySubsequences: false)
      let (start, end) = (day(parts.first), day(parts.count > 1 ? parts[1] : nil))
      return start == nil && end == nil ? nil : ReadingPeriod(start: start, end: end)
    }
  }
}
