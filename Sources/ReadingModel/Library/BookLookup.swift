/// What a book reference (`<book>`: an id, an ISBN, or words from the title) found.
public enum BookLookup: Sendable, Equatable {
  case found(Book)
  /// Several books match equally well: up to ``candidateLimit`` of them, by id, and whether
  /// there were more.
  case ambiguous([Book], more: Bool)
  case notFound

  /// How many candidates an ambiguous reference lists.
  public static let candidateLimit = 10
}
