import Foundation
import Testing

@testable import ReadingModel

/// Formats and audiobook lengths (issue 28): what a binding names, what a length may be, time
/// as progress, and the migration that reads the format of books imported before it.
@Suite struct FormatTests {
  let folder = TemporaryFolder()

  @Test func bindingsNameTheirFormatAndOthersNone() {
    for (binding, format) in [
      ("Audible Audio", BookFormat.audiobook), ("Audio CD", .audiobook), ("MP3 CD", .audiobook),
      ("audio", .audiobook), ("Kindle Edition", .ebook), ("ebook", .ebook), ("digital", .ebook),
      ("Nook", .ebook), ("Paperback", .paper), ("Mass Market Paperback", .paper),
      ("Hardcover", .paper), ("paperback", .paper), ("Board book", .paper),
    ] {
      #expect(BookFormat(binding: binding) == format, "\(binding)")
    }
    for none in ["", "Unknown Binding", "Map", "\u{1B}[31m"] {
      #expect(BookFormat(binding: none) == nil, "\(none)")
    }
  }

  @Test func lengthsAreHoursAndMinutesWithinBounds() throws {
    #expect(try AudioLength(parsing: "11:42").seconds == 42_120)
    #expect(try AudioLength(parsing: " 0:01 ").text == "0:01")
    #expect(try AudioLength(parsing: "1:02:03").text == "1:02:03")
    #expect(try AudioLength(parsing: "9999:59:59").seconds == AudioLength.longest)
    #expect(throws: AudioLengthError.zero) { try AudioLength(parsing: "0:00") }
    #expect(throws: AudioLengthError.tooLong("999999:59")) { try AudioLength(parsing: "999999:59") }
    for refused in ["", "11", "1:5", "1:60", "1:00:60", "-1:00", "1:00:00:00", "١:٠٠", "1e3:00"] {
      #expect(throws: AudioLengthError.notUnderstood(refused)) { try AudioLength(parsing: refused) }
    }
    #expect(AudioLength.clock(0) == "0:00")
    #expect(AudioLength.clock(3_600 * 5 + 7) == "5:00:07")
  }

  @Test func timeIsProgressOverTheLength() throws {
    let now = Date()
    var book = Book(id: 1, title: "T", authors: ["A"], dateAdded: now, dateUpdated: now)
    #expect(throws: ProgressInputError.lengthUnknown) {
      try ProgressInput(parsing: "1:00").fraction(for: book, current: 0)
    }
    book.format = .audiobook
    book.length = AudioLength(seconds: 36_000)
    #expect(try ProgressInput(parsing: "3:00").fraction(for: book, current: 0) == 0.3)
    #expect(try ProgressInput(parsing: "+1:00").fraction(for: book, current: 0.3) == 0.4)
    #expect(try ProgressInput(parsing: "-0:30").fraction(for: book, current: 0.3) == 0.25)
    #expect(throws: ProgressInputError.negativeTime(-1_800)) {
      try ProgressInput(parsing: "-1:00").fraction(for: book, current: 0.05)
    }
    #expect(throws: ProgressInputError.timeBeyondEnd(36_060, length: book.length!)) {
      try ProgressInput(parsing: "10:01").fraction(for: book, current: 0)
    }
    #expect(ProgressInput.describe(0.3, for: book) == "3:00")
    #expect(book.countedPages == nil && book.countedTime == book.length)
    // Pages given to an audiobook are never counted as pages read.
    book.pageCount = 300
    #expect(book.extent == .time(book.length!) && book.countedPages == nil)
    book.format = .paper
    #expect(book.extent == .pages(300) && book.countedPages == 300)
  }

  @Test func theMigrationReadsTheFormatsOfBooksImportedBeforeIt() async throws {
    let path = folder.path("old.sqlite")
    try """
    Book Id,Title,Author,Additional Authors,ISBN,ISBN13,My Rating,Binding,Number of Pages,Date Read,Date Added,Bookshelves,Exclusive Shelf
    7,Kindred,Octavia E. Butler,,,,0,Audible Audio,,,2024/01/01,,to-read
    8,Beloved,Toni Morrison,,,,0,Unknown Binding,,,2024/01/01,,to-read

    """.write(toFile: folder.path("a.csv"), atomically: true, encoding: .utf8)
    _ = try await importFile(folder.path("a.csv"), into: SQLiteLibrary(path: path))
    // Back to the library as the build before the migration left it.
    let connection = try SQLiteConnection(path: path, mode: .readWrite)
    try connection.writeTransaction {
      try connection.execute(
        """
        DELETE FROM schema_migrations WHERE name = 'formats';
        DROP INDEX books_by_format;
        ALTER TABLE books DROP COLUMN format;
        ALTER TABLE books DROP COLUMN length_s;
        """)
    }
    let reopened = SQLiteLibrary(path: path)
    #expect(try await reopened.book(id: 1)?.format == .audiobook)
    #expect(try await reopened.book(id: 2)?.format == nil)
    // The import said the same: reading it again changes nothing.
    let again = try await importFile(folder.path("a.csv"), into: reopened)
    #expect(again.updated == 0, "\(again.changes)")
  }
}
