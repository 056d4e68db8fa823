extension BookFields {
  /// The binding an export writes: the one kept, unless the book's format is another than
  /// the one it names (or none is kept); then the format in the target's words.
  ///
  /// - Parameter word: The format in the target's words (``BookFormat/goodreadsBinding``).
  /// - Returns: The binding, or `""` for neither binding nor format.
  func binding(or word: (BookFormat) -> String) -> String {
    let kept = self[.binding] ?? ""
    guard let format = BookFormat(rawValue: self[.format] ?? "") else { return kept }
    if !kept.isEmpty, BookFormat(binding: kept) == format { return kept }
    return word(format)
  }
}
