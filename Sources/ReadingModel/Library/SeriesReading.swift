/// Reading series: every series with its books, one by name, and the ones a book is in.
/// Each method is one read transaction.
public protocol SeriesReading: Sendable {
  /// Every series, by name, each with its books in series order.
  func series() async throws -> [Series]

  /// The series called `name` (case and accents ignored), or `nil`.
  func series(named name: String) async throws -> Series?

  /// The series the book is in, in the order its details list them, each whole.
  func series(of bookID: Book.ID) async throws -> [Series]
}
