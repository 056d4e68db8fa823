/// A screenful of styled cells: what the browser's screen function returns and the
/// renderer draws.
struct Grid: Equatable, Sendable {
  let width: Int
  let height: Int
  private(set) var cells: [Cell]

  /// A blank grid.
  init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    cells = Array(repeating: .blank, count: self.width * self.height)
  }

  subscript(row: Int, column: Int) -> Cell {
    cells[row * width + column]
  }

  /// Writes `text` from `column` on `row`, cut to `limit` columns with an ellipsis when it
  /// does not fit; a wide character that would straddle the edge becomes a space. Text is
  /// made safe for the terminal first (``TerminalText``).
  ///
  /// - Parameters:
  ///   - text: What to write; data, not escape sequences.
  ///   - limit: The most columns to use; to the right edge when `nil`.
  /// - Returns: The column after the text.
  @discardableResult
  mutating func write(
    _ text: String, row: Int, column: Int, limit: Int? = nil, style: CellStyle = .plain
  ) -> Int {
    guard (0..<height).contains(row), column >= 0, column < width else { return column }
    let end = min(width, column + (limit ?? width))
    let pieces = TerminalText.shownPieces(text)
    let fits = pieces.reduce(0) { $0 + DisplayWidth.of($1) } <= end - column
    let room = fits ? end : end - 1  // keep a column for the ellipsis
    var position = column
    for piece in pieces where DisplayWidth.of(piece) > 0 {
      // A piece (a cluster, or an escape such as `\e`) is written whole or not at all.
      if position + DisplayWidth.of(piece) > room {
        if !fits, position < end { put("…", at: row, position, style) }
        return fits ? position : position + 1
      }
      for character in piece {
        let size = DisplayWidth.of(character)
        put(String(character), at: row, position, style)
        if size == 2 { put("", at: row, position + 1, style) }
        position += size
      }
    }
    return position
  }

  /// Gives `style` to a whole row, keeping its text: the cursor's highlight, a banner.
  mutating func paint(row: Int, style: CellStyle) {
    guard (0..<height).contains(row) else { return }
    for column in 0..<width { cells[row * width + column].style = style }
  }

  /// The rows as plain text, trailing spaces kept: what tests compare.
  var lines: [String] {
    (0..<height).map { row in
      var line = ""
      for column in 0..<width { line += self[row, column].text }
      return line
    }
  }

  private mutating func put(_ text: String, at row: Int, _ column: Int, _ style: CellStyle) {
    // Overwriting half of a wide character blanks its other half.
    let index = row * width + column
    if cells[index].isContinuation, column > 0 { cells[index - 1] = .blank }
    if column + 1 < width, cells[index + 1].isContinuation, !text.isEmpty,
      DisplayWidth.of(cells[index].text) == 2
    {
      cells[index + 1] = .blank
    }
    cells[index] = Cell(text: text, style: style)
  }
}
