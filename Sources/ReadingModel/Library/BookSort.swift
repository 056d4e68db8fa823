/// The orders a library can be listed in. Each is total (ties broken by id), so keyset
/// paging never skips or repeats a book.
public enum BookSort: String, Sendable, CaseIterable, Codable {
  /// Oldest added first.
  case id
  /// By title, ignoring case and accents.
  case title
  /// By the first author's last name, ignoring case and accents.
  case author
  /// Most recently updated first.
  case updated
  /// Highest rated first; unrated books last.
  case rating
  /// Most recently finished first; books never finished last.
  case finished
  /// Most recently added first (by the date added, which imports carry over).
  case added
}
