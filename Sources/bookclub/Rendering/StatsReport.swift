import ReadingModel

/// `bookclub stats` as text: the totals, the charts, the standouts and the reading days.
struct StatsReport {
  let stats: ReadingStats
  let width: Int
  var ascii = false
  var colors = false

  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]
  private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

  func lines() -> [String] {
    var lines = [title]
    lines.append(
      Self.totals(
        books: stats.booksFinished, pages: stats.pagesFinished, seconds: stats.secondsFinished)
        + (stats.averageRating.map { " · average rating " + Rating.display(Self.tenth($0)) } ?? "")
    )
    if let year = stats.year, stats.booksFinished > 0 {
      lines += section("Books finished per month", monthChart(year, \.books))
      if stats.pagesFinished > 0 {
        lines += section("Pages finished per month", monthChart(year, \.pages))
      }
    } else if !stats.byYear.isEmpty {
      let rows = stats.byYear.map { RowChart.Row(label: String($0.key), value: $0.books) }
      lines += section(
        "Books finished per year",
        RowChart(rows: rows, ascii: ascii, colors: colors).lines(width: width))
    }
    lines += section("", standouts)
    if let year = stats.year, stats.readingDays > 0 {
      let calendar = ReadingCalendar(
        year: year, pagesByDay: stats.pagesByDay, secondsByDay: stats.sessions.secondsByDay,
        ascii: ascii, colors: colors)
      lines += section(
        "Reading days: \(stats.readingDays) · longest streak \(Self.days(stats.longestStreak))",
        calendar.lines(width: width))
    } else if stats.readingDays > 0 {
      lines += section(
        "Reading days: \(stats.readingDays) · longest streak \(Self.days(stats.longestStreak))", [])
    }
    if stats.secondsListened > 0 {
      lines += section(
        "Listened: \(Self.hours(stats.secondsListened)) on \(Self.days(stats.secondsByDay.count))",
        [])
    }
    lines += sessionLines
    if stats.pagesByWeekday.contains(where: { $0 > 0 }) {
      let rows = zip(Self.weekdays, stats.pagesByWeekday).map { RowChart.Row(label: $0, value: $1) }
      lines += section(
        "Pages read by day of the week",
        RowChart(rows: rows, ascii: ascii, colors: colors).lines(width: min(width, 60)))
    }
    return lines
  }

  /// Time read in sessions: the total and pace, hours by day of the week and by hour of
  /// the day, and the books read longest.
  private var sessionLines: [String] {
    let sessions = stats.sessions
    guard sessions.sessions > 0 else { return [] }
    var heading =
      "Read: \(Self.hours(sessions.seconds)) in "
      + (sessions.sessions == 1 ? "1 session" : "\(sessions.sessions) sessions")
    if let pace = sessions.pagesPerHour { heading += " · \(Int(pace.rounded())) pages an hour" }
    let weekdays = zip(Self.weekdays, sessions.secondsByWeekday).map {
      RowChart.Row(label: $0, value: ($1 + 30) / 60)
    }
    var lines = ["", heading]
    lines += section(
      "Minutes read by day of the week",
      RowChart(rows: weekdays, ascii: ascii, colors: colors).lines(width: min(width, 60)))
    let hours = sessions.secondsByHour.enumerated().map {
      ColumnChart.Column(label: String($0.offset), value: ($0.element + 30) / 60)
    }
    lines += section(
      "Minutes read by hour of the day",
      ColumnChart(columns: hours, ascii: ascii, colors: colors).lines(width: width))
    let books = sessions.books.map {
      "\(TerminalText.safe($0.title)) \(Self.hours($0.seconds)) (\($0.sessions))"
    }
    lines.append("Read longest: " + books.joined(separator: ", "))
    return lines
  }

  private var title: String {
    let text = stats.year.map { "\($0) in books" } ?? "All your books"
    return TextStyle.bold.apply(text, enabled: colors)
  }

  private func monthChart(_ year: Int, _ value: KeyPath<ReadingStats.Bucket, Int>) -> [String] {
    let columns = stats.byMonth.map {
      ColumnChart.Column(label: Self.months[$0.key - 1], value: $0[keyPath: value])
    }
    return ColumnChart(columns: columns, ascii: ascii, colors: colors).lines(width: width)
  }

  private var standouts: [String] {
    var lines: [String] = []
    if let longest = stats.longest, let shortest = stats.shortest {
      lines.append(
        "Longest: \(TerminalText.safe(longest.title)) (\(Self.grouped(longest.pages)) pages)"
          + " · shortest: \(TerminalText.safe(shortest.title)) (\(Self.grouped(shortest.pages)) pages)"
      )
    }
    if !stats.topAuthors.isEmpty { lines.append("Most read: " + Self.ranked(stats.topAuthors)) }
    if !stats.topTags.isEmpty { lines.append("Tags: " + Self.ranked(stats.topTags)) }
    var counts = ["\(ReadingStatus.abandoned.title): \(stats.abandoned)"]
    if let days = stats.averageDaysToFinish {
      counts.append("\(Self.days(Int(days.rounded()))) from start to finish on average")
    }
    lines.append(counts.joined(separator: " · "))
    if stats.finishedDateUnknown > 0 {
      lines.append(
        "\(ReadingStatus.finished.title), date unknown: \(stats.finishedDateUnknown)"
          + " (counted in no year)")
    }
    return lines
  }

  private func section(_ heading: String, _ body: [String]) -> [String] {
    guard !body.isEmpty || !heading.isEmpty else { return [] }
    return [""] + (heading.isEmpty ? [] : [heading]) + body
  }

  private static func ranked(_ items: [ReadingStats.Ranked]) -> String {
    items.map { "\(TerminalText.safe($0.name)) (\($0.books))" }.joined(separator: ", ")
  }

  static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }

  /// `3 books · 1,234 pages finished`, with `and 22.5 hours` when audiobooks were finished:
  /// pages and listening side by side, never one counted as the other.
  static func totals(books: Int, pages: Int, seconds: Int) -> String {
    "\(books) \(books == 1 ? "book" : "books") · \(grouped(pages)) pages"
      + (seconds > 0 ? " and \(hours(seconds))" : "") + " finished"
  }

  /// `22.5 hours`, `1 hour`, `0.2 hours`: listening time to a tenth of an hour.
  static func hours(_ seconds: Int) -> String {
    let tenths = Int((Double(seconds) / 360).rounded())
    let number = tenths % 10 == 0 ? grouped(tenths / 10) : "\(grouped(tenths / 10)).\(tenths % 10)"
    return number + (tenths == 10 ? " hour" : " hours")
  }

  /// `12,345`
  static func grouped(_ value: Int) -> String {
    let digits = String(abs(value))
    var groups: [Substring] = []
    var end = digits.endIndex
    while end > digits.startIndex {
      let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
      groups.insert(digits[start..<end], at: 0)
      end = start
    }
    return (value < 0 ? "-" : "") + groups.joined(separator: ",")
  }

  private static func tenth(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
