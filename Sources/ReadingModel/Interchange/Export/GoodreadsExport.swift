import Foundation

/// Writes books as Goodreads exports them (the 23-column header), so any tool that imports
/// Goodreads exports can read bookclub's: ISBNs as `="..."` formulas, `yyyy/MM/dd` dates,
/// whole-star ratings, exclusive shelves for statuses, `<br/>` for line breaks in reviews.
public enum GoodreadsExport {
  public static let header = [
    "Book Id", "Title", "Author", "Author l-f", "Additional Authors", "ISBN", "ISBN13",
    "My Rating", "Publisher", "Binding", "Number of Pages", "Year Published",
    "Original Publication Year", "Date Read", "Date Added", "Bookshelves",
    "Bookshelves with positions", "Exclusive Shelf", "My Review", "Spoiler", "Private Notes",
    "Read Count", "Owned Copies",
  ]

  static let shelves: [ReadingStatus: String] = [
    .wantToRead: "to-read", .reading: "currently-reading", .finished: "read",
    .abandoned: "did-not-finish",
  ]

  /// The row for one book, in ``header`` order.
  public static func row(_ item: LibraryArchive.Item) -> [String] {
    let book = item.book
    let details = item.details
    let author = book.authors.first ?? ""
    let shelf = shelves[book.status] ?? "to-read"
    let tags = details.tags
    return [
      details.sourceIDs[GoodreadsMapper.source] ?? "",
      book.title,
      author,
      lastFirst(author),
      book.authors.dropFirst().joined(separator: ", "),
      "=\"\(book.isbn10 ?? "")\"",
      "=\"\(book.isbn13 ?? "")\"",
      details.rating.map { String(Int($0.rounded())) } ?? "0",
      details.publisher ?? "",
      details.binding ?? "",
      book.pageCount.map(String.init) ?? "",
      details.publicationYear.map(String.init) ?? "",
      details.publicationYear.map(String.init) ?? "",
      details.readings.last?.end.map { $0.format(separator: "/") } ?? "",
      day(book.dateAdded).format(separator: "/"),
      tags.joined(separator: ", "),
      tags.enumerated().map { "\($0.element) (#\($0.offset + 1))" }.joined(separator: ", "),
      shelf,
      (details.review ?? "").replacingOccurrences(of: "\n", with: "<br/>"),
      "",
      (details.privateNotes ?? "").replacingOccurrences(of: "\n", with: "<br/>"),
      String(details.readCount ?? (book.status == .finished ? 1 : 0)),
      "0",
    ]
  }

  /// `George Eliot` → `Eliot, George`.
  static func lastFirst(_ name: String) -> String {
    let words = name.split(separator: " ")
    guard words.count > 1, let last = words.last else { return name }
    return "\(last), \(words.dropLast().joined(separator: " "))"
  }

  /// The UTC day of an instant.
  static func day(_ date: Date) -> CalendarDay {
    let days = Int((Double(date.milliseconds) / 86_400_000).rounded(.down))
    let text = InterchangeDate.format(milliseconds: Int64(days) * 86_400_000)
    return CalendarDay(text.prefix(10)) ?? CalendarDay(year: 1970, month: 1, day: 1)!
  }
}
