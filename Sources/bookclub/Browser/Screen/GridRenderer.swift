/// Draws grids on a terminal, writing only the cells that changed since the last frame: no
/// flicker, and little output over a slow link.
struct GridRenderer {
  /// What the terminal shows now; `nil` before the first frame and after ``invalidate()``.
  private var shown: Grid?
  /// Whether colours are drawn; without them a style keeps only its attributes.
  let colors: Bool

  init(colors: Bool) {
    self.colors = colors
  }

  /// Forgets what is on screen, so the next frame is drawn whole: after a resize, or after
  /// another program had the terminal.
  mutating func invalidate() {
    shown = nil
  }

  /// The bytes that turn the screen into `grid`.
  ///
  /// - Parameter grid: The next frame.
  /// - Returns: Cursor moves, styles and text; empty when nothing changed.
  mutating func frame(_ grid: Grid) -> String {
    var output = ""
    let previous = shown.flatMap { $0.width == grid.width && $0.height == grid.height ? $0 : nil }
    if previous == nil { output += "\u{1B}[0m\u{1B}[2J" }
    var style: CellStyle? = nil
    for row in 0..<grid.height {
      var cursorColumn: Int? = nil  // where the terminal's cursor is on this row, if known
      for column in 0..<grid.width {
        let cell = grid[row, column]
        if let previous, previous[row, column] == cell { continue }
        if cell.isContinuation { continue }  // drawn by the wide character before it
        if cursorColumn != column { output += "\u{1B}[\(row + 1);\(column + 1)H" }
        let wanted = colors ? cell.style : cell.style.withoutColor
        if style != wanted {
          output += wanted.sequence
          style = wanted
        }
        output += cell.text
        cursorColumn = column + max(1, DisplayWidth.of(cell.text))
        // A wide character's second column changed with it: already drawn.
      }
    }
    if style != nil, style != .plain { output += CellStyle.plain.sequence }
    shown = grid
    return output
  }
}
