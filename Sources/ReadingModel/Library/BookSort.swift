/// The orders a library can be listed in. Each is total (ties broken by id), so keyset
/// paging never skips or repeats a book.
public enum BookSort: String, Sendable, CaseIterable, Codable {
  /// Oldest added first.
  case id
  /// By title, ignoring case and accents.
  case title
  /// By first author, ignoring case and accents.
  case author
  /// Most recently updated first.
  case updated
}
