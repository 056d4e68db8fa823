import Foundation
import TestSupport

@testable import ReadingModel

/// Random libraries for the round-trip property: books added here (an archive restored) and
/// books imported from a Goodreads export, with the values strangers' files hold that
/// matching and merging get wrong — titles with commas, quotes, doubled words, subtitles
/// and series; rows without ids or ISBNs; one title in several editions; fractional
/// ratings; several readings.
///
/// Values are in the library's own normal form (what `bookclub add` and an import store: one
/// line, single spaces, no blanks at the ends), so that what comes back can be compared.
struct RoundTripLibraryGenerator {
  var random: SeededGenerator

  init(seed: UInt64) { random = SeededGenerator(seed: seed) }

  /// A library's books as an archive to restore (books added here).
  mutating func addedHere(count: Int) -> LibraryArchive {
    var items: [LibraryArchive.Item] = []
    var titles: [(String, [String])] = []
    for index in 1...count {
      // Now and then a title and author another book has: another edition, or not.
      let (title, authors) =
        !titles.isEmpty && chance(0.25)
        ? titles[Int.random(in: 0..<titles.count, using: &random)] : (title(), authors())
      titles.append((title, authors))
      let added = day(from: 2015, to: 2024)
      let status = ReadingStatus.allCases.randomElement(using: &random)!
      var book = Book(
        id: Int64(index), title: title, authors: authors, status: status,
        dateAdded: added.startInUTC.addingTimeInterval(Double(index)),
        dateUpdated: added.startInUTC.addingTimeInterval(Double(index)))
      if chance(0.7) {
        let isbn = isbn()
        book.isbn13 = isbn.isbn13
        book.isbn10 = isbn.isbn10
      }
      if chance(0.6) { book.pageCount = Int.random(in: 40...1200, using: &random) }
      var details = BookDetails()
      if chance(0.7) { details.rating = Double(Int.random(in: 1...20, using: &random)) / 4 }
      if status == .finished || chance(0.2) { details.readings = readings(after: added) }
      if chance(0.5) { details.tags = tags() }
      if chance(0.4) { details.publisher = pick(Self.publishers) }
      if chance(0.3) {
        // A binding names its format, as every import and the migration read it.
        details.binding = pick(["Paperback", "Hardcover", "Kindle Edition", "Audible Audio"])
        book.format = details.binding.flatMap(BookFormat.init(binding:))
      } else if chance(0.1) {
        book.format = pick(BookFormat.allCases)
      }
      if book.format == .audiobook, chance(0.7) {
        book.length = AudioLength(seconds: Int.random(in: 1...200_000, using: &random))
      }
      if chance(0.3) { details.review = pick(Self.reviews) }
      // What some formats have no place for: each export's loss report must say so.
      if chance(0.2) {
        details.moods = ["dark", "hopeful"]
        details.pace = pick(["slow", "medium", "fast"])
      }
      if chance(0.15) { details.privateNotes = "Lent to Ann." }
      if chance(0.15) { details.ownedCopies = Int.random(in: 1...3, using: &random) }
      if chance(0.1) { details.contributors = ["Edith Grossman"] }
      let later = added.startInUTC.addingTimeInterval(86_400)
      var progress = ReadingProgress()
      if chance(0.2) {
        progress = ReadingProgress(entries: [
          .init(progress: 0.5, time: later, note: "Halfway.", kind: .note)
        ])
      }
      let highlights =
        chance(0.15) ? [Highlight(kind: .quote, text: "A line.", position: 0.3, time: later)] : []
      let sessions =
        chance(0.1) ? [ReadingSession(start: later, seconds: 1800, pages: 20)] : []
      items.append(
        LibraryArchive.Item(
          book: book, progress: progress, details: details, highlights: highlights,
          sessions: sessions))
    }
    return LibraryArchive(books: items, library: UUID().uuidString)
  }

  /// A Goodreads export of `count` rows, some without a Book Id or an ISBN.
  mutating func goodreadsExport(count: Int, firstID: Int) -> String {
    var lines = [CSVWriter.line(GoodreadsExport.header)]
    for index in 0..<count {
      let authors = authors()
      let isbn = chance(0.6) ? isbn() : nil
      let rating = chance(0.6) ? String(Int.random(in: 1...5, using: &random)) : "0"
      let shelf = pick(["read", "to-read", "currently-reading"])
      let read = shelf == "read" && chance(0.8) ? day(from: 2016, to: 2024) : nil
      let tags = chance(0.5) ? tags() : []
      var row: [String: String] = [
        "Book Id": chance(0.8) ? String(firstID + index) : "",
        "Title": title(), "Author": authors[0],
        "Author l-f": AuthorName.lastFirst(authors[0]),
        "Additional Authors": authors.dropFirst().joined(separator: ", "),
        "ISBN": "=\"\(isbn?.isbn10 ?? "")\"", "ISBN13": "=\"\(isbn?.isbn13 ?? "")\"",
        "My Rating": rating, "Exclusive Shelf": shelf,
        "Bookshelves": (tags + [shelf]).joined(separator: ", "),
        "Date Added": day(from: 2015, to: 2024).format(separator: "/"),
        "Date Read": read?.format(separator: "/") ?? "",
        "Read Count": read == nil ? "0" : String(Int.random(in: 1...3, using: &random)),
        "Owned Copies": "0",
      ]
      if chance(0.5) { row["Publisher"] = pick(Self.publishers) }
      if chance(0.5) { row["Number of Pages"] = String(Int.random(in: 40...900, using: &random)) }
      if chance(0.3) {
        row["My Review"] = pick(Self.reviews).replacingOccurrences(of: "\n", with: "<br/>")
      }
      lines.append(CSVWriter.line(GoodreadsExport.header.map { row[$0] ?? "" }))
    }
    return lines.joined()
  }

  // MARK: - Values

  mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &random) < probability
  }

  mutating func pick<T>(_ values: [T]) -> T { values.randomElement(using: &random)! }

  mutating func title() -> String {
    var words = (0..<Int.random(in: 1...4, using: &random)).map { _ in pick(Self.words) }
    if chance(0.15) { words.insert(words[0], at: 0) }  // `Tomorrow, and Tomorrow`
    var title = words.joined(separator: " ")
    if chance(0.3) { title += ": " + pick(["Book One", "Book Two", "A Novel", "Stories"]) }
    if chance(0.2) { title += " (\(pick(Self.words)), #\(Int.random(in: 1...9, using: &random)))" }
    return title
  }

  mutating func authors() -> [String] {
    // A name with a comma stands first: Goodreads' Additional Authors is a plain list.
    let first = pick(Self.firstAuthors)
    return [first] + (chance(0.2) ? [pick(Self.otherAuthors)] : [])
  }

  mutating func tags() -> [String] {
    Array(Set((0..<Int.random(in: 1...3, using: &random)).map { _ in pick(Self.tagNames) }))
      .sorted()
  }

  mutating func isbn() -> ISBN {
    let body = "978" + (0..<9).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
    let sum = body.enumerated().reduce(0) {
      $0 + Int(String($1.element))! * ($1.offset % 2 == 0 ? 1 : 3)
    }
    return ISBN(body + String((10 - sum % 10) % 10))!
  }

  mutating func day(from first: Int, to last: Int) -> CalendarDay {
    CalendarDay(
      year: Int.random(in: first...last, using: &random),
      month: Int.random(in: 1...12, using: &random), day: Int.random(in: 1...28, using: &random))!
  }

  /// One to three readings after `added`, oldest first, each finished on a day of its own.
  mutating func readings(after added: CalendarDay) -> [ReadingPeriod] {
    let count = Int.random(in: 1...3, using: &random)
    let years = Array(Set((0..<count).map { _ in Int.random(in: 2016...2025, using: &random) }))
      .sorted()
    return years.map { year in
      let end = CalendarDay(
        year: year, month: Int.random(in: 2...12, using: &random),
        day: Int.random(in: 10...28, using: &random))!
      let start =
        chance(0.6)
        ? CalendarDay(year: year, month: end.month - 1, day: Int.random(in: 1...28, using: &random))
        : nil
      return ReadingPeriod(start: start, end: end)
    }
  }

  static let words = [
    "Tomorrow,", "and", "the", "Name", "Wind", "\"Quoted\"", "Ender’s", "Game", "O'Brien's",
    "Healer", "Azarinth", "Stone", "Sky", "Émile", "Kitāb", "Jest", "Islands", "Dune", "1984",
    "Pride", "&", "Prejudice", "Sense,", "Sensibility",
  ]
  static let firstAuthors = [
    "Jane Austen", "James Wesley, Rawles", "Ursula K. Le Guin", "Shirtaloon", "N. K. Jemisin",
    "Orhan Pamuk", "Gabriel García Márquez", "Дмитрий Глуховский",
  ]
  static let otherAuthors = ["Richard Pevear", "Larissa Volokhonsky", "Edith Grossman"]
  static let tagNames = ["classics", "comfort read", "sci-fi", "owned", "book-club", "2024"]
  static let publishers = ["Vintage Books", "Penguin Classics", "Tor", "Gallimard"]
  static let reviews = [
    "Loved it.", "Two lines\nof review.", "Quotes \"inside\", and commas.", "Ça alors !",
  ]
}
