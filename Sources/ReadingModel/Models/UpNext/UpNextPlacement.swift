/// Where a book goes in the Up Next queue, resolved against the queue as it is inside the
/// write transaction (``BookEdit/queue``), so two processes never race on a place.
public enum UpNextPlacement: Sendable, Equatable {
  /// At the end (the default of `next add`).
  case last
  /// At the front.
  case first
  /// Just after another book of the queue.
  case after(Book.ID)
  /// Just before another book of the queue.
  case before(Book.ID)
  /// Out of the queue.
  case out
}
