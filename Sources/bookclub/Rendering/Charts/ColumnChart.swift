/// Bars standing up in a row, one per label, drawn with Unicode block characters: eighth
/// blocks (`▁`…`█`) give each bar its height to an eighth of a row, the value stands on the
/// bar and the label under it, and the columns are fitted to the width. With `ascii`, whole
/// rows of `#` (a terminal or font without block characters).
struct ColumnChart {
  struct Column {
    var label: String
    var value: Int
  }

  let columns: [Column]
  /// Rows the tallest bar takes.
  var height = 6
  var ascii = false
  var colors = false

  private static let eighths = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

  /// The chart in at most `width` columns: a row of values over the bars, the bars, the
  /// labels.
  func lines(width: Int) -> [String] {
    guard !columns.isEmpty else { return [] }
    let cell = max(1, min(6, width / columns.count))
    let bar = max(1, cell - 1)
    let highest = max(1, columns.map(\.value).max() ?? 1)
    let levels = columns.map { column -> Int in
      guard column.value > 0 else { return 0 }
      let eighths = Int((Double(column.value) / Double(highest) * Double(height * 8)).rounded())
      return ascii ? max(8, (eighths + 4) / 8 * 8) : max(1, eighths)
    }
    // The row a bar's top is in (1 is the top row), and its value on the row above.
    let tops = levels.map { $0 == 0 ? height + 1 : height - ($0 + 7) / 8 + 1 }
    var rows: [String] = []
    for row in 0...height {
      var line = ""
      for (index, column) in columns.enumerated() {
        let below = (height - row) * 8  // eighths under this row's bottom
        let text: String
        if row > 0, levels[index] > below {
          let glyph = ascii ? "#" : Self.eighths[min(8, levels[index] - below) - 1]
          text = TextStyle.cyan.apply(String(repeating: glyph, count: bar), enabled: colors)
        } else if row == tops[index] - 1, column.value > 0 {
          // A value may take the gap after its bar too: 474 stands on a bar of two.
          line += Self.centered(Self.compact(column.value, width: cell), in: cell)
          continue
        } else {
          text = String(repeating: " ", count: bar)
        }
        line += text + (cell > bar ? " " : "")
      }
      rows.append(Self.trimmed(line))
    }
    let labels = columns.map { Self.centered(String($0.label.prefix(bar)), in: bar) }
    // The labels under the bars they name.
    rows.append(Self.trimmed(labels.joined(separator: cell > bar ? " " : "")))
    return rows.first.map { $0.isEmpty } == true ? Array(rows.dropFirst()) : rows
  }

  /// `950`, `12k`, or `·` when even that does not fit.
  static func compact(_ value: Int, width: Int) -> String {
    let plain = String(value)
    if plain.count <= width { return plain }
    let thousands = "\(value / 1000)k"
    return thousands.count <= width ? thousands : "·"
  }

  private static func centered(_ text: String, in width: Int) -> String {
    let space = max(0, width - text.count)
    return String(repeating: " ", count: space / 2) + text
      + String(repeating: " ", count: space - space / 2)
  }

  private static func trimmed(_ line: String) -> String {
    var line = line
    while line.last == " " { line.removeLast() }
    return line
  }
}
