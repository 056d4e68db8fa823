import ReadingModel

/// The `list` table: id, title, author(s), status and progress, laid out to a width.
///
/// The layout depends only on the width and the widest id, so pages printed one after
/// another line up.
struct BookTable {
  let width: Int
  let colors: Bool

  private let bar = ProgressBar()
  private static let statusWidth = 12
  private static let gap = "  "

  /// The column titles.
  func header(idWidth: Int) -> String {
    let (titleWidth, authorWidth) = flexibleWidths(idWidth: idWidth)
    let text = [
      pad("ID", idWidth, right: true), pad("TITLE", titleWidth), pad("AUTHOR", authorWidth),
      pad("STATUS", Self.statusWidth), "PROGRESS",
    ].joined(separator: Self.gap)
    return TextStyle.bold.apply(text, enabled: colors)
  }

  /// One line per book.
  func rows(_ books: [ListedBook], idWidth: Int) -> [String] {
    let (titleWidth, authorWidth) = flexibleWidths(idWidth: idWidth)
    return books.map { listed in
      let book = listed.book
      let fraction = listed.progress ?? (book.status == .finished ? 1 : 0)
      return [
        pad(String(book.id), idWidth, right: true),
        pad(book.title, titleWidth),
        pad(book.authorLine, authorWidth),
        styledStatus(book.status),
        bar.render(fraction),
      ].joined(separator: Self.gap)
    }
  }

  /// The id column's width for a page: the widest id, at least as wide as "ID".
  static func idWidth(for books: [ListedBook]) -> Int {
    max(2, String(books.map(\.id).max() ?? 0).count)
  }

  private func flexibleWidths(idWidth: Int) -> (title: Int, author: Int) {
    let fixed = idWidth + Self.statusWidth + bar.width + Self.gap.count * 4
    let flexible = max(24, width - fixed)
    let title = flexible * 3 / 5
    return (title, flexible - title)
  }

  private func styledStatus(_ status: ReadingStatus) -> String {
    let text = pad(status.displayName, Self.statusWidth)
    let style: TextStyle? =
      switch status {
      case .reading: .cyan
      case .finished: .green
      case .abandoned: .dim
      case .paused: .yellow
      case .wantToRead: nil
      }
    return style?.apply(text, enabled: colors) ?? text
  }

  /// `text` made safe and cut with an ellipsis or padded with spaces to exactly `width`
  /// terminal columns (``TerminalText/fitted(_:to:alignRight:)``).
  private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    TerminalText.fitted(text, to: width, alignRight: right)
  }
}
