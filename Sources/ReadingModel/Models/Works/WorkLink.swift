/// What an edit does to the work a book is an edition of, resolved against the library as
/// it is inside the write transaction (``BookEdit/work``), so two processes linking at once
/// never part a work they both meant to join.
public enum WorkLink: Sendable, Equatable {
  /// The book keeps its work, or gets a work of its own (a new ``WorkKey``) when it has none:
  /// the first step of linking it with another.
  case own
  /// The book becomes an edition of the other book's work (which has one: link it first).
  case sameAs(Book.ID)
  /// The book is an edition of no work.
  case none
}

/// Why books could not be linked as editions.
public enum WorkLinkError: Error, Equatable, Sendable {
  /// A book cannot be another edition of itself.
  case itself
  /// The book to join has no work (it must be linked first, ``WorkLink/own``).
  case noWork(Book.ID)
}
