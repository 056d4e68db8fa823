import ReadingModel

extension BrowserScreen {
  /// `bookclub  1 All  2 Reading  3 Want to read  4 Finished  5 Abandoned  6 Paused  7 Up Next
  /// sort: title`: the name goes first when the sort does not fit beside it. Narrower, the
  /// tabs take their short words (``BrowserTab/shortTitle``: `3 Want`), then closer together,
  /// then without the sort beside them, then without their keys' digits (`All Reading Want
  /// Finished Abandoned Paused Next`). Under 47 columns (down to 42, the narrowest screen
  /// drawn) the statuses' words stay and the queue's goes (`7` and Tab still reach it);
  /// while the queue is shown, the digits stand for the tabs with its word alone (`1 2 3 4
  /// 5 6 7 Next`). Only whole words of one vocabulary, never a cut one.
  func drawTabs(_ grid: inout Grid, _ layout: BrowserLayout) {
    let sortText = "sort: \(sort.rawValue)" + (reversed ? " reversed" : "")
    let brand = "bookclub "
    let room = layout.width - 1 - DisplayWidth.of(sortText)
    // The keys' digits matter more than the sort, which the column titles show too.
    let withDigits = Self.tabLabels.dropLast()
    let labels =
      withDigits.first { Self.width(of: $0) <= room }
      ?? Self.tabLabels.first { Self.width(of: $0) - 1 <= layout.width }
      ?? BrowserTab.allCases.map { other in
        guard tab.isQueue else { return other.isQueue ? "" : other.shortTitle + " " }
        return other == tab
          ? "\(other.rawValue + 1) \(other.shortTitle) " : "\(other.rawValue + 1) "
      }
    var column = 0
    if Self.width(of: labels) + brand.count <= room {
      column = grid.write(brand, row: 0, column: 0, style: style(.colored(.cyan)))
    }
    for (tab, label) in zip(BrowserTab.allCases, labels) where !label.isEmpty {
      // The space after the last label goes where there is no room for it, not its word.
      let fitted = column + DisplayWidth.of(label) > layout.width ? String(label.dropLast()) : label
      column = grid.write(fitted, row: 0, column: column, style: tab == self.tab ? .reverse : .dim)
    }
    let start = layout.width - DisplayWidth.of(sortText)
    if start > column { grid.write(sortText, row: 0, column: start, style: .dim) }
  }

  /// The tab bar's labels, widest first; each is drawn with a space after it.
  static let tabLabels: [[String]] = [
    BrowserTab.allCases.map { " \($0.rawValue + 1) \($0.title)" },
    BrowserTab.allCases.map { " \($0.rawValue + 1) \($0.shortTitle)" },
    BrowserTab.allCases.map { "\($0.rawValue + 1) \($0.shortTitle)" },
    BrowserTab.allCases.map(\.shortTitle),
  ].map { labels in labels.map { $0 + " " } }

  /// The columns a row of labels takes, with the space after each.
  private static func width(of labels: [String]) -> Int {
    labels.map { DisplayWidth.of($0) }.reduce(0, +)
  }

  /// The search field while there is a search, else the column titles.
  func drawSubtitle(_ grid: inout Grid, _ layout: BrowserLayout) {
    guard let search else {
      let titles = RowFormat(width: layout.width, sort: sort, reversed: reversed).header
      grid.write(titles, row: 1, column: 0, style: .bold)
      return
    }
    var column = grid.write("/", row: 1, column: 0, style: style(.colored(.yellow)))
    let limit = layout.width - column - 14
    column = grid.write(search, row: 1, column: column, limit: limit)
    if isEditingSearch { column = grid.write("▏", row: 1, column: column) }
    if isQueryPending {
      grid.write(" \(spinner) searching", row: 1, column: column + 1, style: .dim)
    } else if !isEditingSearch {
      grid.write("  Esc: clear", row: 1, column: column, style: .dim)
    }
  }

  /// The prompt, else the current notice, else where the list stands and the keys.
  func drawStatusLine(_ grid: inout Grid, _ layout: BrowserLayout) {
    let row = layout.statusRow
    if isSaving {
      grid.write("Saving…", row: row, column: 0, style: .bold)
      return
    }
    if let prompt {
      if let error = prompt.error {
        grid.write(String(repeating: " ", count: layout.width), row: row - 1, column: 0)
        grid.write(error, row: row - 1, column: 0, style: style(.colored(.red)))
      }
      var column = grid.write(prompt.label + " ", row: row, column: 0, style: .bold)
      column = grid.write(prompt.text, row: row, column: column, limit: layout.width - column - 1)
      if prompt.isSaving {
        grid.write(" Saving…", row: row, column: column, style: .dim)
      } else if !prompt.isChoice {
        grid.write("▏", row: row, column: column)
      }
      return
    }
    if let notice {
      let color: CellStyle.Color = notice.level == .warning ? .yellow : .cyan
      let count = notice.count > 1 ? " (×\(notice.count))" : ""
      let end = grid.write(
        notice.message + count, row: row, column: 0, limit: layout.width - 6,
        style: style(.colored(color)))
      grid.write("  Esc", row: row, column: end, style: .dim)
      return
    }
    let hints = detail == nil ? "?: help  q: quit" : "Esc: back  ?: help"
    let refreshing =
      isSeekingEnd
      ? "\(spinner) loading to the last book (Esc stops) · "
      : list.isLoading && list.value != nil ? "\(spinner) refreshing · " : ""
    let narrowed = series.map { " · series: " + $0 + " (= shows all)" } ?? ""
    let end = grid.write(
      refreshing + position(layout) + narrowed, row: row, column: 0,
      limit: layout.width - DisplayWidth.of(hints) - 2, style: .dim)
    let start = layout.width - DisplayWidth.of(hints)
    if start > end + 1 { grid.write(hints, row: row, column: start, style: .dim) }
  }

  /// `31–60 of 365`: the rows on screen, counted from 1.
  func position(_ layout: BrowserLayout) -> String {
    guard let books = list.value, !books.isEmpty else { return total.map { "0 of \($0)" } ?? "" }
    let last = min(books.count, top + layout.listRows(withBanner: hasBanner))
    let of = total.map { " of \($0)" } ?? " of \(books.count)\(morePages ? "+" : "")"
    let retry = isPagingFailure ? " · r: retry loading more" : ""
    return "\(top + 1)–\(last)\(of)\(retry)"
  }

  /// The help overlay: every key of the table, in a box over the screen; when the box
  /// cannot hold every line, it scrolls (``helpTop``) and its border says more follow.
  func drawHelp(_ grid: inout Grid, _ layout: BrowserLayout) {
    let lines = BrowserKeyHelp.lines(width: layout.width - 6)
    let width = min(layout.width - 2, (lines.map { DisplayWidth.of($0) }.max() ?? 0) + 4)
    let height = min(layout.height, lines.count + 2)
    let inside = height - 2
    let first = min(helpTop, max(0, lines.count - inside))
    let left = (layout.width - width) / 2
    let top = (layout.height - height) / 2
    let rule = { (more: String) -> String in
      more.isEmpty
        ? String(repeating: "─", count: width - 2)
        : "─ " + more + " " + String(repeating: "─", count: max(0, width - 5 - more.count))
    }
    for row in 0..<height {
      let text: String
      switch row {
      case 0: text = "┌" + rule(first > 0 ? "↑ more" : "") + "┐"
      case height - 1: text = "└" + rule(first + inside < lines.count ? "↓ more" : "") + "┘"
      default:
        let line = lines[first + row - 1]
        let padding = max(0, width - 4 - DisplayWidth.of(line))
        text = "│ " + line + String(repeating: " ", count: padding) + " │"
      }
      grid.write(text, row: top + row, column: left, limit: width)
    }
  }
}
