import ImageDecoding
import ReadingModel

extension BrowserScreen {
  /// The actions on the open book, on the pane's first row.
  static let detailKeys = BrowserKeyHelp.entries(in: .book).joined(separator: " · ")

  /// The open book: what `bookclub show` prints, scrolled to ``detailTop``.
  func drawDetail(
    _ detail: DataState<[String], any Error>, _ grid: inout Grid, _ layout: BrowserLayout
  ) {
    grid.write(Self.detailKeys, row: 1, column: 0, style: .dim)
    let first = layout.pane.lowerBound
    switch detail {
    case .idle, .initialLoading:
      grid.write("\(spinner) Loading…", row: first, column: 1, style: .dim)
    case .failure(let error), .retryLoading(let error):
      grid.write("Couldn't load this book", row: first, column: 1, style: style(.colored(.red)))
      grid.write(error.explanation, row: first + 1, column: 1)
      grid.write("r: try again · Esc: back", row: first + 3, column: 1, style: .dim)
    case .success(let lines), .reLoading(let lines):
      // The cover at the right when there is room for it beside the text.
      let showsCover = cover != nil && colors && layout.width >= Self.coverMinimumWidth
      let textWidth = showsCover ? layout.width - Self.coverColumns - 3 : nil
      var row = first
      for (index, line) in lines.enumerated().dropFirst(detailTop) {
        guard row < layout.pane.upperBound else { break }
        grid.write(
          line, row: row, column: 1, limit: textWidth, style: index == 0 ? .bold : .plain)
        row += 1
      }
      if showsCover, let cover { drawCover(cover, &grid, layout) }
    }
  }

  /// Columns a cover takes in the detail pane, and the terminal width it needs.
  static let coverColumns = 16
  static let coverMinimumWidth = 70

  /// The cover in half blocks at the right of the pane: each cell `▀` in the upper pixel's
  /// colour over the lower's.
  private func drawCover(_ cover: RGBImage, _ grid: inout Grid, _ layout: BrowserLayout) {
    let column = layout.width - Self.coverColumns - 1
    for row in 0..<(cover.height / 2) {
      let screenRow = layout.pane.lowerBound + row
      guard screenRow < layout.pane.upperBound else { break }
      for x in 0..<min(cover.width, Self.coverColumns) {
        let top = cover.pixel(x: x, y: row * 2)
        let bottom = cover.pixel(x: x, y: row * 2 + 1)
        var style = CellStyle.plain
        style.foreground = CellStyle.RGB(red: top.red, green: top.green, blue: top.blue)
        style.background = CellStyle.RGB(red: bottom.red, green: bottom.green, blue: bottom.blue)
        grid.write("▀", row: screenRow, column: column + x, style: style)
      }
    }
  }
}
