import ReadingModel

/// The club's current book as it is in your own library: where you are in it decides which
/// shared notes you may see.
struct ClubReading {
  /// Your copy of the club's book, if your library has it.
  let book: Book?
  /// How far you have read it: your library's position, 0 without the book.
  let fraction: Double

  /// Finds `clubBook` in `library` by ISBN-13, else by title and first author.
  static func find(_ clubBook: ClubBook, in library: any BookReading & ProgressReading) async throws
    -> ClubReading
  {
    var candidates: [Book] = []
    for reference in [clubBook.isbn13, clubBook.title].compactMap({ $0 }) {
      switch try await library.find(reference) {
      case .found(let book): candidates.append(book)
      case .ambiguous(let books, _): candidates += books
      case .notFound: break
      }
    }
    guard let book = candidates.first(where: clubBook.matches) else {
      return ClubReading(book: nil, fraction: 0)
    }
    let progress = try await library.progress(of: book.id)
    return ClubReading(book: book, fraction: progress.currentFraction(status: book.status))
  }
}
