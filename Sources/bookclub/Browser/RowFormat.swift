import ReadingModel

/// The columns of a library row at a width: status, title, authors, the column the list is
/// sorted by when it is none of those (rating, finished, added, updated), progress. The
/// sorted column's title says the order (`▲` ascending, `▼` descending). Narrow screens
/// drop the authors and shorten the bar and the stars.
struct RowFormat {
  let width: Int
  /// The list's order: which column it shows, and the arrow on it.
  var sort: BookSort = .id
  var reversed = false

  private var showsAuthors: Bool { width >= 60 }
  private var bar: ProgressBar { ProgressBar(cells: width >= 60 ? 10 : 5) }
  /// The status column: the whole name (``ReadingStatus/displayName``) where the screen
  /// has room, else the short one ("want"; the longest, "abandoned", is 9 wide).
  private var showsWholeStatus: Bool { width >= 80 }
  private var statusWidth: Int { showsWholeStatus ? 12 : 9 }
  private static let gap = 2

  /// The column of the sort's own value, when the title, authors or id are not it.
  private var sortColumn: (title: String, width: Int)? {
    switch sort {
    case .id, .title, .author, .series, .upNext: nil
    case .rating: ("RATING", showsAuthors ? 10 : 6)
    case .finished: ("FINISHED", 10)
    case .added: ("ADDED", 10)
    case .updated: ("UPDATED", 10)
    }
  }

  private var columns: Int { (showsAuthors ? 3 : 2) + (sortColumn == nil ? 0 : 1) }
  private var sortWidth: Int { sortColumn?.width ?? 0 }

  private var flexible: Int {
    max(8, width - statusWidth - bar.width - sortWidth - Self.gap * columns - 1)
  }
  private var titleWidth: Int { showsAuthors ? flexible * 3 / 5 : flexible }
  private var authorWidth: Int { flexible - titleWidth }

  /// `▲` or `▼`: the way the sorted column's values go down the list.
  private var arrow: String {
    let descending: Bool
    switch sort {
    case .id, .title, .author, .series, .upNext: descending = false
    case .rating, .finished, .added, .updated: descending = true
    }
    return descending != reversed ? "▼" : "▲"
  }

  /// A column's title, with the arrow when the list is sorted by it.
  private func title(_ name: String, sorted: Bool, width: Int) -> String {
    TerminalText.padded(sorted ? name + " " + arrow : name, to: width)
  }

  var header: String {
    var line =
      " " + TerminalText.padded("STATUS", to: statusWidth) + "  "
      + title("TITLE", sorted: sort == .title, width: titleWidth)
    if showsAuthors {
      line += "  " + title("AUTHOR", sorted: sort == .author, width: authorWidth)
    }
    if let sortColumn { line += "  " + title(sortColumn.title, sorted: true, width: sortWidth) }
    return line + "  PROGRESS"
  }

  /// Writes one book's row.
  func draw(_ listed: ListedBook, on grid: inout Grid, row: Int, colors: Bool) {
    let book = listed.book
    let fraction = listed.progress ?? (book.status == .finished ? 1 : 0)
    var column = 1
    let statusStyle = Self.style(book.status)
    grid.write(
      statusName(book.status), row: row, column: column, limit: statusWidth,
      style: colors ? statusStyle : statusStyle.withoutColor)
    column += statusWidth + Self.gap
    grid.write(book.title, row: row, column: column, limit: titleWidth)
    column += titleWidth + Self.gap
    if showsAuthors {
      grid.write(
        book.authorLine, row: row, column: column, limit: authorWidth,
        style: .dim)
      column += authorWidth + Self.gap
    }
    if sortColumn != nil {
      grid.write(sortValue(listed), row: row, column: column, limit: sortWidth)
      column += sortWidth + Self.gap
    }
    grid.write(bar.render(fraction), row: row, column: column)
  }

  /// The row's value in the sort's column: stars, or a day.
  private func sortValue(_ listed: ListedBook) -> String {
    switch sort {
    case .id, .title, .author, .series, .upNext: ""
    case .rating:
      listed.rating.map { stars in
        let shown = Rating.display(stars)
        return showsAuthors ? shown : String(shown.split(separator: " ").last ?? "")
      } ?? "–"
    case .finished: listed.finishedDay ?? "–"
    case .added: CalendarDay(local: listed.book.dateAdded).description
    case .updated: CalendarDay(local: listed.book.dateUpdated).description
    }
  }

  func statusName(_ status: ReadingStatus) -> String {
    showsWholeStatus ? status.displayName : status.shortName
  }

  private static func style(_ status: ReadingStatus) -> CellStyle {
    switch status {
    case .reading: .colored(.cyan)
    case .finished: .colored(.green)
    case .abandoned: .dim
    case .paused: .colored(.yellow)
    case .wantToRead: .plain
    }
  }
}
