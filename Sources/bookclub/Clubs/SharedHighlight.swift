import ReadingModel

/// A highlight or a quote as a club hears it: a shared note at the highlight's place, so the
/// spoiler shield hides it from members who have not read that far. Older bookclubs show it
/// as any note.
enum SharedHighlight {
  /// The note's text: the highlight quoted with its page, then the reader's note under it.
  ///
  /// - Returns: `“I must not fear.” (p. 37)` and, on the next line, the note.
  static func text(of highlight: Highlight) -> String {
    var text = "“" + highlight.text + "”"
    if let page = highlight.page { text += " (p. \(page))" }
    if let note = highlight.note, !note.isEmpty { text += "\n" + note }
    return text
  }

  /// Where the highlight stands in the book: its position, else its page over the book's
  /// page count; `nil` when neither is known (no shield could hide it, so it is not shared).
  static func fraction(of highlight: Highlight, in book: Book) -> Double? {
    if let position = highlight.position { return position }
    guard let page = highlight.page, let pages = book.pageCount, pages > 0, page <= pages else {
      return nil
    }
    return Double(page) / Double(pages)
  }
}
