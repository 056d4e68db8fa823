/// Reading works: the other editions of a book's work. Each method is one read transaction.
public protocol WorkReading: Sendable {
  /// The other books that are editions of `bookID`'s work, by id; none when it is linked
  /// to no work.
  func editions(of bookID: Book.ID) async throws -> [Book]
}
