import Foundation

/// The form of text bookclub sorts and searches by: case and accents folded away, so
/// "Émile" sorts with and is found by "emile".
public enum SearchKey {
  /// Folds `text` for sorting and matching.
  ///
  /// - Parameter text: Any text: a title, an author, a search term.
  /// - Returns: The text lower-cased, without diacritics, with whitespace collapsed.
  public static func fold(_ text: String) -> String {
    text.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil
    )
    .lowercased()
    .collapsingWhitespace
  }
}
