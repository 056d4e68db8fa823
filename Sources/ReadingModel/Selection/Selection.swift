#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The book a terminal session is working on (seed 004's `@SceneStorage("selection")`),
/// remembered with the library it belongs to.
public struct Selection: Sendable, Equatable, Codable {
  public var bookID: Book.ID
  /// The library file the id belongs to: a selection made in one library means nothing in
  /// another.
  public var library: String
  public var time: Date

  public init(bookID: Book.ID, library: String, time: Date) {
    self.bookID = bookID
    self.library = library
    self.time = time
  }
}
