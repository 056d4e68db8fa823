/// Bars lying down, one per line with its label before and its value after, drawn with
/// eighth blocks (`▏`…`█`) to an eighth of a column; `#` with `ascii`.
struct RowChart {
  struct Row {
    var label: String
    var value: Int
    /// Words after the value (`1,234 pages · 12.5 hours`), already safe for a terminal.
    var detail = ""
  }

  let rows: [Row]
  var ascii = false
  var colors = false

  private static let eighths = ["▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"]

  /// The chart in at most `width` columns.
  func lines(width: Int) -> [String] {
    let labelWidth = rows.map { DisplayWidth.of($0.label) }.max() ?? 0
    let valueWidth = rows.map { String($0.value).count }.max() ?? 0
    let detailWidth = rows.map { $0.detail.isEmpty ? 0 : DisplayWidth.of($0.detail) + 2 }.max() ?? 0
    let room = max(1, width - labelWidth - valueWidth - detailWidth - 2)
    let highest = max(1, rows.map(\.value).max() ?? 1)
    return rows.map { row in
      let eighths = Int((Double(row.value) / Double(highest) * Double(room * 8)).rounded())
      let shown = row.value > 0 ? max(1, eighths) : 0
      var bar: String
      if ascii {
        bar = String(repeating: "#", count: row.value > 0 ? max(1, (shown + 4) / 8) : 0)
      } else {
        bar = String(repeating: "█", count: shown / 8)
        if shown % 8 > 0 { bar += Self.eighths[shown % 8 - 1] }
      }
      let padded = TerminalText.padded(row.label, to: labelWidth)
      let drawn = TextStyle.cyan.apply(bar, enabled: colors && !bar.isEmpty)
      let line = padded + " " + drawn + (bar.isEmpty ? "" : " ") + String(row.value)
      return row.detail.isEmpty ? line : line + "  " + row.detail
    }
  }
}
