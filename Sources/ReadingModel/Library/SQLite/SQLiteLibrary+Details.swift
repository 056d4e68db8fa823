import Foundation

extension SQLiteLibrary {
  public func details(of bookID: Book.ID) throws -> BookDetails {
    try reading(orIfMissing: BookDetails()) { try fetchDetails(bookID, on: $0) }
  }

  func fetchDetails(_ bookID: Book.ID, on connection: SQLiteConnection) throws -> BookDetails {
    try fetchDetails(bookID...bookID, on: connection)[bookID] ?? BookDetails()
  }

  /// The details of every book whose id is in `ids`, in two queries: exports read a page of
  /// books at a time.
  func fetchDetails(_ ids: ClosedRange<Book.ID>, on connection: SQLiteConnection) throws
    -> [Book.ID: BookDetails]
  {
    let statement = try statement(
      """
      SELECT book_id, rating, review, tags, readings, read_count, publisher, publication_year,
        binding, private_notes
      FROM book_details WHERE book_id BETWEEN ? AND ?
      """, on: connection)
    try statement.bind([.integer(ids.lowerBound), .integer(ids.upperBound)])
    var found: [Book.ID: BookDetails] = [:]
    while try statement.step() {
      found[statement.int64(0)] = BookDetails(
        rating: statement.optionalDouble(1),
        review: statement.optionalText(2),
        tags: Self.lines(statement.text(3)),
        readings: Self.lines(statement.text(4)).map(Self.reading(from:)),
        readCount: statement.optionalInt64(5).map { Int($0) },
        publisher: statement.optionalText(6),
        publicationYear: statement.optionalInt64(7).map { Int($0) },
        binding: statement.optionalText(8),
        privateNotes: statement.optionalText(9))
    }
    statement.reset()
    let sources = try self.statement(
      "SELECT book_id, source, source_id FROM book_sources WHERE book_id BETWEEN ? AND ?",
      on: connection)
    try sources.bind([.integer(ids.lowerBound), .integer(ids.upperBound)])
    defer { sources.reset() }
    while try sources.step() {
      found[sources.int64(0), default: BookDetails()].sourceIDs[sources.text(1)] = sources.text(2)
    }
    return found
  }

  /// Replaces a book's details and source ids.
  func saveDetails(_ details: BookDetails, of bookID: Book.ID, on connection: SQLiteConnection)
    throws
  {
    let save = try statement(
      """
      INSERT OR REPLACE INTO book_details (book_id, rating, review, tags, readings, read_count,
        publisher, publication_year, binding, private_notes)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """, on: connection)
    try save.bind([
      .integer(bookID), details.rating.map { .real($0) }, details.review.map { .text($0) },
      .text(details.tags.joined(separator: "\n")),
      .text(details.readings.map(Self.text(of:)).joined(separator: "\n")),
      details.readCount.map { .integer(Int64($0)) }, details.publisher.map { .text($0) },
      details.publicationYear.map { .integer(Int64($0)) }, details.binding.map { .text($0) },
      details.privateNotes.map { .text($0) },
    ])
    try save.step()
    save.reset()
    let clear = try statement("DELETE FROM book_sources WHERE book_id = ?", on: connection)
    try clear.bind([.integer(bookID)])
    try clear.step()
    clear.reset()
    let link = try statement(
      "INSERT OR REPLACE INTO book_sources (source, source_id, book_id) VALUES (?, ?, ?)",
      on: connection)
    for (source, id) in details.sourceIDs.sorted(by: { $0.key < $1.key }) {
      try link.bind([.text(source), .text(id), .integer(bookID)])
      try link.step()
      link.reset()
    }
  }

  private static func lines(_ text: String) -> [String] {
    text.isEmpty
      ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// A reading as `start/end`, either side possibly empty.
  private static func text(of reading: ReadingPeriod) -> String {
    (reading.start?.description ?? "") + "/" + (reading.end?.description ?? "")
  }

  private static func reading(from text: String) -> ReadingPeriod {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    return ReadingPeriod(
      start: parts.first.flatMap { CalendarDay($0) },
      end: parts.count > 1 ? CalendarDay(parts[1]) : nil)
  }
}
