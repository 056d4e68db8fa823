/// Reads a bookclub archive a book at a time, in bounded memory whatever its size.
///
/// The archive's own fields (`format`, `version`, `library`) come after its books, keys
/// sorted, so they are read first in a quick pass that walks over the books without keeping
/// them; the books are then read one by one.
public struct ArchiveReader {
  /// The archive's format version.
  public let version: Int
  /// The id of the library it was exported from; `nil` before version 3.
  public let library: String?
  /// The reading goals it carries (`goals`, after the books; absent in older archives).
  public let goals: [ReadingGoal]
  private var parser: JSONParser
  private var inBooks = false
  private var first = true
  /// How many books have been read, for their positions in messages.
  public private(set) var position = 0

  /// How far into the file the reader is, for progress bars.
  public var bytesRead: Int { parser.offset }

  /// Opens the archive at `path`, checking its format and version.
  ///
  /// - Throws: ``ArchiveError``, ``InputFileError``.
  public init(path: String) throws {
    let header = try Self.header(JSONParser(file: InputFile(path: path)))
    (version, library, goals) = header
    parser = JSONParser(file: try InputFile(path: path))
    try startBooks()
  }

  /// Reads an archive already in memory.
  public init(bytes: [UInt8]) throws(ArchiveError) {
    (version, library, goals) = try Self.header(JSONParser(bytes: bytes))
    parser = JSONParser(bytes: bytes)
    try startBooks()
  }

  /// The next book, or why it cannot be imported; `nil` after the last.
  ///
  /// - Throws: ``ArchiveError/unreadable(_:)`` when the JSON itself is broken: nothing after
  ///   that point can be read.
  public mutating func next() throws(ArchiveError) -> Result<LibraryArchive.Item, ArchiveError>? {
    guard inBooks else { return nil }
    do {
      if !first, try !parser.skip(UInt8(ascii: ",")) {
        try parser.expect(UInt8(ascii: "]"), "',' or ']' after a book")
        inBooks = false
        return nil
      }
      if first, try parser.skip(UInt8(ascii: "]")) {
        inBooks = false
        return nil
      }
      first = false
      let value = try parser.value()
      position += 1
      do {
        var item = try LibraryArchive.Item(json: value)
        // Before formats (version 5), the binding was the only word on it: read the format
        // off it, as the library's own migration does.
        if version < 5, item.book.format == nil, let binding = item.details.binding {
          item.book.format = BookFormat(binding: binding)
        }
        return .success(item)
      } catch {
        return .failure(error)
      }
    } catch {
      throw .unreadable(error.message)
    }
  }

  /// Reads the archive's fields, walking over its books.
  private static func header(_ parser: JSONParser) throws(ArchiveError)
    -> (Int, String?, [ReadingGoal])
  {
    var parser = parser
    var format: String?
    var version: Int?
    var library: String?
    var goals: [ReadingGoal] = []
    do throws(JSONError) {
      try parser.expect(UInt8(ascii: "{"), "'{' opening the archive")
      try parser.readMembers(closing: "'}' closing the archive") { key, parser throws(JSONError) in
        switch key {
        case "books": try parser.skipValue()
        case "format": if case .string(let text) = try parser.value() { format = text }
        case "version":
          if case .integer(let number) = try parser.value() { version = Int(number) }
        case "library": if case .string(let text) = try parser.value() { library = text }
        case "goals": goals = Self.goals(try parser.value())
        default: try parser.skipValue()
        }
      }
      guard try parser.isAtEnd() else {
        throw JSONError.syntax(line: 0, column: 0, detail: "there is text after the archive")
      }
    } catch {
      throw .unreadable(error.message)
    }
    guard format == LibraryArchive.formatName else { throw .notAnArchive }
    guard let version else { throw .unreadable("it has no \"version\"") }
    guard version <= LibraryArchive.currentVersion else { throw .newerVersion(version) }
    return (version, library, goals)
  }

  /// The goals of an archive's `goals`; one that is not a goal bookclub would set is left
  /// out.
  private static func goals(_ value: JSONValue) -> [ReadingGoal] {
    guard case .array(let items) = value else { return [] }
    return items.compactMap { item in
      guard case .object(let fields) = item, let year = fields["year"]?.integer,
        let books = fields["books"]?.integer, ReadingGoal.bookLimit.contains(Int(books)),
        (1..<10_000).contains(year)
      else { return nil }
      let pages = fields["pages"]?.integer.map { Int($0) }
      let hours = fields["hours"]?.integer.map { Int($0) }
      guard pages.map(ReadingGoal.pageLimit.contains) ?? true,
        hours.map(ReadingGoal.hourLimit.contains) ?? true
      else { return nil }
      return ReadingGoal(year: Int(year), books: Int(books), pages: pages, hours: hours)
    }
  }

  /// Walks to the first book.
  private mutating func startBooks() throws(ArchiveError) {
    do {
      try parser.expect(UInt8(ascii: "{"), "'{' opening the archive")
      guard try !parser.skip(UInt8(ascii: "}")) else { return }
      repeat {
        if try parser.key() == "books" {
          try parser.expect(UInt8(ascii: "["), "'[' opening the books")
          inBooks = true
          return
        }
        try parser.skipValue()
      } while try parser.skip(UInt8(ascii: ","))
    } catch {
      throw .unreadable(error.message)
    }
  }
}
