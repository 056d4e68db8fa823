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
        binding, private_notes, edition_year, contributors, identifiers
      FROM book_details WHERE book_id BETWEEN ? AND ?
      """, on: connection)
    try statement.bind([.integer(ids.lowerBound), .integer(ids.upperBound)])
    var found: [Book.ID: BookDetails] = [:]
    while try statement.step() {
      found[statement.int64(0)] = BookDetails(
        rating: statement.optionalDouble(1),
        review: statement.optionalText(2),
        tags: Self.lines(statement.text(3)),
        readings: Self.lines(statement.text(4)).map(ReadingPeriod.init(text:)),
        readCount: statement.optionalInt64(5).map { Int($0) },
        publisher: statement.optionalText(6),
        publicationYear: statement.optionalInt64(7).map { Int($0) },
        editionYear: statement.optionalInt64(10).map { Int($0) },
        binding: statement.optionalText(8),
        privateNotes: statement.optionalText(9),
        contributors: Self.lines(statement.text(11)),
        identifiers: Self.lines(statement.text(12)))
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

  /// Replaces a book's details. Source ids are kept apart, with their merge bases (see
  /// ``link(_:to:id:base:on:)``).
  func saveDetails(_ details: BookDetails, of bookID: Book.ID, on connection: SQLiteConnection)
    throws
  {
    let save = try statement(
      """
      INSERT OR REPLACE INTO book_details (book_id, rating, review, tags, readings, read_count,
        publisher, publication_year, binding, private_notes, edition_year, contributors,
        identifiers)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """, on: connection)
    try save.bind([
      .integer(bookID), details.rating.map { .real($0) }, details.review.map { .text($0) },
      .text(details.tags.joined(separator: "\n")),
      .text(details.readings.map(\.text).joined(separator: "\n")),
      details.readCount.map { .integer(Int64($0)) }, details.publisher.map { .text($0) },
      details.publicationYear.map { .integer(Int64($0)) }, details.binding.map { .text($0) },
      details.privateNotes.map { .text($0) }, details.editionYear.map { .integer(Int64($0)) },
      .text(details.contributors.joined(separator: "\n")),
      .text(details.identifiers.joined(separator: "\n")),
    ])
    try save.step()
    save.reset()
  }

  private static func lines(_ text: String) -> [String] {
    text.isEmpty
      ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}
