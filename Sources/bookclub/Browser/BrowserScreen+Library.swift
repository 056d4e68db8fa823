import ReadingModel

extension BrowserScreen {
  /// Whether a banner sits above the rows: a refresh failed and the old list is kept.
  var hasBanner: Bool {
    if case .reLoadingFailure = list { return true }
    return false
  }

  /// Whether the last page failed and can be tried again.
  var isPagingFailure: Bool {
    if case .pagingFailure = list { return true }
    return false
  }

  /// The library pane: one view per state of the paging machine (DESIGN.md section 9).
  func drawLibrary(_ grid: inout Grid, _ layout: BrowserLayout) {
    var row = layout.pane.lowerBound
    switch list {
    case .idle, .initialLoading:
      grid.write("\(spinner) Loading your library…", row: row, column: 1, style: .dim)
    case .retryLoading(let error):
      grid.write("\(spinner) Trying again…", row: row, column: 1, style: .dim)
      grid.write(error.explanation, row: row + 1, column: 1, style: .dim)
    case .loadingFailure(let error):
      grid.write(
        "Couldn't load your library", row: row, column: 1, style: style(.colored(.red)))
      grid.write(error.explanation, row: row + 1, column: 1)
      grid.write("r: try again · q: quit", row: row + 3, column: 1, style: .dim)
    case .reLoadingFailure(let books, let error):
      grid.write(
        "Couldn't refresh: \(error.explanation) · r: retry", row: row, column: 0,
        style: style(CellStyle(color: .yellow, reverse: true)))
      grid.paint(row: row, style: style(CellStyle(color: .yellow, reverse: true)))
      row += 1
      drawRows(books, &grid, layout, from: row)
    case .success(let books), .reLoading(let books), .paging(let books),
      .pagingFailure(let books, _):
      drawRows(books, &grid, layout, from: row)
    }
  }

  /// The empty library's hint, as `list` gives it. Where a step's line would not fit, its
  /// note is left out, and a command still too wide goes on between words, indented: the
  /// command to copy is never cut.
  private func drawEmptyLibraryHint(_ grid: inout Grid, _ layout: BrowserLayout, from first: Int) {
    var lines = [EmptyLibraryHint.heading]
    let indent = EmptyLibraryHint.indent
    for step in EmptyLibraryHint.steps {
      let noted = indent + step.command + (step.note ?? "")
      if DisplayWidth.of(noted) < layout.width {
        lines.append(noted)
        continue
      }
      let room = layout.width - 1 - DisplayWidth.of(indent) * 2
      for (index, part) in BrowserScreen.wrapped(step.command, width: room).enumerated() {
        lines.append(String(repeating: indent, count: index == 0 ? 1 : 2) + part)
      }
    }
    for (offset, line) in lines.enumerated() where first + offset < layout.pane.upperBound {
      grid.write(line, row: first + offset, column: 1, style: .dim)
    }
  }

  private func drawRows(
    _ books: [ListedBook], _ grid: inout Grid, _ layout: BrowserLayout, from firstRow: Int
  ) {
    if books.isEmpty {
      if search != nil || tab != .all {
        grid.write(
          "No books match. Esc clears the search; 1 shows every status.", row: firstRow,
          column: 1, style: .dim)
      } else {
        drawEmptyLibraryHint(&grid, layout, from: firstRow)
      }
      return
    }
    let format = RowFormat(width: layout.width, sort: sort, reversed: reversed)
    let rows = layout.listRows(withBanner: hasBanner)
    let shown = top..<min(books.count, top + rows)
    var row = firstRow
    for index in shown {
      format.draw(books[index], on: &grid, row: row, colors: colors)
      if index == cursor { grid.paint(row: row, style: .reverse) }
      row += 1
    }
    guard row < firstRow + rows, shown.upperBound == books.count else { return }
    switch list {
    case .paging:
      grid.write("\(spinner) Loading more…", row: row, column: 1, style: .dim)
    case .pagingFailure(_, let error):
      grid.write(
        "Couldn't load more — r to retry (\(error.explanation))", row: row, column: 1,
        style: style(.colored(.yellow)))
    default: return
    }
  }
}
