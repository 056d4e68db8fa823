#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reading sessions. Each method is one read transaction.
public protocol SessionReading: Sendable {
  /// The book's sessions, oldest first.
  func sessions(of bookID: Book.ID) async throws -> [ReadingSession]

  /// Every book's sessions that started from `start` up to `end`, oldest first.
  func sessions(from start: Date, to end: Date) async throws
    -> [(book: Book.ID, session: ReadingSession)]

  /// The session whose id starts with `prefix`, with its book's id; `nil` when none or
  /// several do.
  func session(startingWith prefix: String) async throws
    -> (session: ReadingSession, book: Book.ID)?
}
