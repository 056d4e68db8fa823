/// A Goodreads export written for a test: one row per title, each 200 pages, on the
/// to-read shelf, by one of seven authors; the columns as Goodreads names them.
enum GoodreadsFixture {
  static let header =
    "Book Id,Title,Author,Additional Authors,ISBN,ISBN13,My Rating,Number of Pages,"
    + "Date Read,Date Added,Bookshelves,Exclusive Shelf,Read Count"

  /// The file's text: the header, then a row per title (ids from 1).
  static func csv(titles: [String]) -> String {
    let rows = titles.enumerated().map { index, title in
      "\(index + 1),\(title),Author \(index % 7),,,,0,200,,2024/01/01,,to-read,0"
    }
    return ([header] + rows).joined(separator: "\n")
  }
}
