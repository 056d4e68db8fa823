import ReadingModel

/// The columns of a library row at a width: status, title, authors, progress. Narrow
/// screens drop the authors and shorten the bar.
struct RowFormat {
  let width: Int

  private var showsAuthors: Bool { width >= 60 }
  private var bar: ProgressBar { ProgressBar(cells: width >= 60 ? 10 : 5) }
  private static let statusWidth = 9
  private static let gap = 2

  private var flexible: Int {
    max(8, width - Self.statusWidth - bar.width - Self.gap * (showsAuthors ? 3 : 2) - 1)
  }
  private var titleWidth: Int { showsAuthors ? flexible * 3 / 5 : flexible }
  private var authorWidth: Int { flexible - titleWidth }

  var header: String {
    var line =
      " " + TerminalText.padded("STATUS", to: Self.statusWidth) + "  "
      + TerminalText.padded("TITLE", to: titleWidth)
    if showsAuthors { line += "  " + TerminalText.padded("AUTHOR", to: authorWidth) }
    return line + "  PROGRESS"
  }

  /// Writes one book's row.
  func draw(_ listed: ListedBook, on grid: inout Grid, row: Int, colors: Bool) {
    let book = listed.book
    let fraction = listed.progress ?? (book.status == .finished ? 1 : 0)
    var column = 1
    let statusStyle = Self.style(book.status)
    grid.write(
      Self.statusName(book.status), row: row, column: column, limit: Self.statusWidth,
      style: colors ? statusStyle : statusStyle.withoutColor)
    column += Self.statusWidth + Self.gap
    grid.write(book.title, row: row, column: column, limit: titleWidth)
    column += titleWidth + Self.gap
    if showsAuthors {
      grid.write(
        book.authorLine, row: row, column: column, limit: authorWidth,
        style: .dim)
      column += authorWidth + Self.gap
    }
    grid.write(bar.render(fraction), row: row, column: column)
  }

  static func statusName(_ status: ReadingStatus) -> String {
    status == .wantToRead ? "want" : status.displayName
  }

  private static func style(_ status: ReadingStatus) -> CellStyle {
    switch status {
    case .reading: .colored(.cyan)
    case .finished: .colored(.green)
    case .abandoned: .dim
    case .wantToRead: .plain
    }
  }
}
