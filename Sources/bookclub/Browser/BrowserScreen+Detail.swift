import ReadingModel

extension BrowserScreen {
  /// The keys of the detail pane, on its first row.
  static let detailKeys =
    "p progress · n note · e editor · f finished · x abandoned · t tag · * rate · u undo"

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
      var row = first
      for (index, line) in lines.enumerated().dropFirst(detailTop) {
        guard row < layout.pane.upperBound else { break }
        grid.write(line, row: row, column: 1, style: index == 0 ? .bold : .plain)
        row += 1
      }
    }
  }
}
