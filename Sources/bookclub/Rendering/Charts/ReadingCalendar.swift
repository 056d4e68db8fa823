import ReadingModel

/// A year of reading days as GitHub draws contributions: seven rows (Sunday to Saturday),
/// a column a week, each day shaded by the pages read that day against the year's most.
/// Month names stand over the weeks they start in. Narrower than a year, the weeks are
/// drawn in two halves, one under the other.
struct ReadingCalendar {
  let year: Int
  let pagesByDay: [CalendarDay: Int]
  /// Seconds read in sessions each day: a day with no pages but a session is a reading
  /// day too.
  var secondsByDay: [CalendarDay: Int] = [:]
  var ascii = false
  var colors = false

  /// No reading, then four shades from least to most.
  private var shades: [String] {
    ascii ? [".", "-", "+", "*", "#"] : ["·", "░", "▒", "▓", "█"]
  }
  private static let colours = ["2", "38;5;22", "38;5;28", "38;5;34", "38;5;46"]
  private static let labels = ["", "Mon", "", "Wed", "", "Fri", ""]
  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// The weeks of the year, each seven days from Sunday; `nil` outside the year.
  var weeks: [[CalendarDay?]] {
    let first = CalendarDay(year: year, month: 1, day: 1)!
    let next = CalendarDay(year: year + 1, month: 1, day: 1)!
    let offset = (first.weekdayFromMonday + 1) % 7  // days from Sunday
    let start = first.daysSinceEpoch - offset
    let count = (offset + next.daysSinceEpoch - first.daysSinceEpoch + 6) / 7
    return (0..<count).map { week in
      (0..<7).map { day in
        let number = start + week * 7 + day
        return number >= first.daysSinceEpoch && number < next.daysSinceEpoch
          ? CalendarDay(daysSinceEpoch: number) : nil
      }
    }
  }

  /// The calendar in at most `width` columns.
  func lines(width: Int) -> [String] {
    let weeks = self.weeks
    let fits = width >= 4 + weeks.count
    let halves = fits ? [weeks[...]] : [weeks.prefix(27), weeks.dropFirst(27)]
    var lines: [String] = []
    for (index, half) in halves.enumerated() {
      if index > 0 { lines.append("") }
      lines.append(monthRow(half))
      for weekday in 0..<7 {
        var line = Self.labels[weekday].padding(to: 4)
        for week in half { line += week[weekday].map(cell) ?? " " }
        while line.last == " " { line.removeLast() }
        lines.append(line)
      }
    }
    return lines
  }

  /// The shade of a day: 0 without reading, 1 to 4 by quarters of the most pages in a day,
  /// or of the most time in sessions, whichever is darker.
  func level(_ day: CalendarDay) -> Int {
    max(
      Self.level(pagesByDay[day], most: pagesByDay),
      Self.level(secondsByDay[day], most: secondsByDay))
  }

  private static func level(_ value: Int?, most values: [CalendarDay: Int]) -> Int {
    guard let value else { return 0 }
    let most = max(1, values.values.max() ?? 1)
    return max(1, min(4, Int((Double(value) / Double(most) * 4).rounded(.up))))
  }

  private func cell(_ day: CalendarDay) -> String {
    let level = self.level(day)
    guard colors else { return shades[level] }
    return "\u{1B}[\(Self.colours[level])m" + (ascii ? shades[level] : "■") + "\u{1B}[0m"
  }

  /// Each month's name over the week its first day is in, when there is room for it.
  private func monthRow(_ weeks: ArraySlice<[CalendarDay?]>) -> String {
    var row = Array(repeating: Character(" "), count: 4 + weeks.count + 3)
    var free = 0  // where a name may start without running into the one before
    for (column, week) in zip(4..., weeks) {
      guard let first = week.first(where: { $0?.day == 1 }) ?? nil, column >= free else {
        continue
      }
      for (offset, letter) in Self.months[first.month - 1].enumerated() {
        row[column + offset] = letter
      }
      free = column + 4
    }
    return String(row).trimmingTrailingSpaces
  }
}

extension String {
  /// The string, padded with spaces to `width` columns.
  fileprivate func padding(to width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - count))
  }

  fileprivate var trimmingTrailingSpaces: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
