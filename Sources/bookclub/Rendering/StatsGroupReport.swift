import ReadingModel

/// `bookclub stats --by …` as text: a bar of finished books per group, with its pages, its
/// hours and the days a reading took beside it.
struct StatsGroupReport {
  let groups: [StatsGroup]
  let grouping: StatsGrouping
  let year: Int?
  let width: Int
  var ascii = false
  var colors = false

  /// Groups shown; the rest are counted in one line.
  static let shown = 25
  /// Columns a group's name may take.
  static let nameWidth = 30

  func lines() -> [String] {
    let title = (year.map { "\($0) in books" } ?? "All your books") + ", by \(grouping.rawValue)"
    var lines = [TextStyle.bold.apply(title, enabled: colors)]
    guard !groups.isEmpty else {
      lines.append("No book finished \(year.map { "in \($0)" } ?? "yet").")
      return lines
    }
    let rows = groups.prefix(Self.shown).map { group in
      RowChart.Row(label: label(group), value: group.books, detail: detail(group))
    }
    lines.append("")
    lines += RowChart(rows: Array(rows), ascii: ascii, colors: colors).lines(width: width)
    if groups.count > Self.shown {
      let rest = groups.dropFirst(Self.shown)
      lines.append(
        "and \(rest.count) more, with \(rest.reduce(0) { $0 + $1.books }) finished readings"
          + " ('--json' lists them all)")
    }
    if let plural = Self.plurals[grouping] {
      lines += ["", "A book with several \(plural) counts in each."]
    }
    return lines
  }

  /// The groupings a book can be in several of.
  private static let plurals: [StatsGrouping: String] = [
    .tag: "tags", .series: "series", .mood: "moods",
  ]

  private func label(_ group: StatsGroup) -> String {
    guard !group.name.isEmpty else { return "(unknown)" }
    return TerminalText.shortened(group.name, to: Self.nameWidth)
  }

  /// `1,234 pages · 22.5 hours · 12 days to finish`: what there is of each.
  private func detail(_ group: StatsGroup) -> String {
    var parts: [String] = []
    if group.pages > 0 { parts.append("\(StatsReport.grouped(group.pages)) pages") }
    if group.seconds > 0 { parts.append(StatsReport.hours(group.seconds)) }
    if let days = group.averageDaysToFinish {
      parts.append("\(StatsReport.days(Int(days.rounded()))) to finish")
    }
    return parts.joined(separator: " · ")
  }
}
