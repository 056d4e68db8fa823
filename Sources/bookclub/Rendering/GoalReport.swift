import ReadingModel

/// `bookclub goal` as text, and its line in the `status` overview.
enum GoalReport {
  /// The goal, a bar, where the year stands and what it needs.
  static func lines(_ progress: GoalProgress, colors: Bool) -> [String] {
    let goal = progress.goal
    let fraction = Double(progress.booksFinished) / Double(goal.books)
    var lines = [TextStyle.bold.apply("\(goal.year) reading goal", enabled: colors)]
    lines.append(
      ProgressBar(cells: 20).render(fraction) + "  \(progress.booksFinished) of \(goal.books) books"
    )
    if let pages = goal.pages {
      let pageFraction = Double(progress.pagesFinished) / Double(pages)
      lines.append(
        ProgressBar(cells: 20).render(pageFraction)
          + "  \(StatsReport.grouped(progress.pagesFinished)) of \(StatsReport.grouped(pages)) pages"
      )
    }
    if let hours = goal.hours {
      let hourFraction = Double(progress.secondsFinished) / Double(hours * 3_600)
      lines.append(
        ProgressBar(cells: 20).render(hourFraction)
          + "  \(StatsReport.hours(progress.secondsFinished)) of \(StatsReport.grouped(hours)) "
          + "hours listened")
    }
    lines.append(standing(progress))
    return lines
  }

  /// `2 books ahead of schedule · 1.5 books a month to make it`
  static func standing(_ progress: GoalProgress) -> String {
    if progress.isMade { return "Goal made. Well read!" }
    var parts: [String] = []
    if progress.monthsLeft > 0, progress.yearElapsed > 0 {
      let ahead = progress.booksAhead
      parts.append(
        ahead == 0
          ? "on schedule"
          : "\(books(abs(ahead))) \(ahead > 0 ? "ahead of" : "behind") schedule")
    }
    if let perMonth = progress.booksPerMonthNeeded {
      let rounded = (perMonth * 10).rounded() / 10
      let amount = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
      parts.append(
        "\(amount) \(rounded == 1 ? "book" : "books") a month to make it "
          + "(\(books(progress.booksLeft)) in \(progress.monthsLeft) \(progress.monthsLeft == 1 ? "month" : "months"))"
      )
    } else if progress.monthsLeft == 0 {
      parts.append("the year ended \(books(progress.booksLeft)) short")
    }
    return parts.joined(separator: " · ").capitalizingFirst
  }

  /// One line for the `status` overview.
  static func overviewLine(_ progress: GoalProgress) -> String {
    "\(progress.goal.year) goal: \(progress.booksFinished) of \(progress.goal.books) books · "
      + standing(progress).lowercasingFirst
  }

  private static func books(_ count: Int) -> String { count == 1 ? "1 book" : "\(count) books" }
}

extension String {
  fileprivate var capitalizingFirst: String { prefix(1).uppercased() + dropFirst() }
  fileprivate var lowercasingFirst: String {
    hasPrefix("Goal made") ? "made" : prefix(1).lowercased() + dropFirst()
  }
}
