import ReadingModel

/// The `--json` forms of `stats` and `goal` (README, "JSON"): keys alphabetical.
enum StatsJSON {
  static func stats(_ stats: ReadingStats) -> JSONOutput {
    func standout(_ book: ReadingStats.Standout?) -> JSONOutput {
      book.map {
        .object(["id": .int($0.id), "pages": .int(Int64($0.pages)), "title": .string($0.title)])
      }
        ?? .null
    }
    func ranked(_ items: [ReadingStats.Ranked]) -> JSONOutput {
      .array(items.map { .object(["books": .int(Int64($0.books)), "name": .string($0.name)]) })
    }
    let days = stats.pagesByDay.keys.sorted().map { day in
      JSONOutput.object([
        "day": .string(day.description), "pages": .int(Int64(stats.pagesByDay[day] ?? 0)),
      ])
    }
    return .object([
      "year": stats.year.map { .int(Int64($0)) } ?? .null,
      "booksFinished": .int(Int64(stats.booksFinished)),
      "pagesFinished": .int(Int64(stats.pagesFinished)),
      "byMonth": .array(
        stats.byMonth.map {
          .object([
            "month": .int(Int64($0.key)), "books": .int(Int64($0.books)),
            "pages": .int(Int64($0.pages)),
          ])
        }),
      "byYear": .array(
        stats.byYear.map {
          .object([
            "year": .int(Int64($0.key)), "books": .int(Int64($0.books)),
            "pages": .int(Int64($0.pages)),
          ])
        }),
      "averageRating": stats.averageRating.map(JSONOutput.number) ?? .null,
      "averageDaysToFinish": stats.averageDaysToFinish.map(JSONOutput.number) ?? .null,
      "longest": standout(stats.longest),
      "shortest": standout(stats.shortest),
      "topAuthors": ranked(stats.topAuthors),
      "topTags": ranked(stats.topTags),
      "abandoned": .int(Int64(stats.abandoned)),
      "finishedDateUnknown": .int(Int64(stats.finishedDateUnknown)),
      "readingDays": .int(Int64(stats.readingDays)),
      "longestStreak": .int(Int64(stats.longestStreak)),
      "pagesByWeekday": .array(stats.pagesByWeekday.map { .int(Int64($0)) }),
      "days": .array(days),
    ])
  }

  static func goal(_ progress: GoalProgress) -> JSONOutput {
    .object([
      "year": .int(Int64(progress.goal.year)),
      "books": .int(Int64(progress.goal.books)),
      "pages": progress.goal.pages.map { .int(Int64($0)) } ?? .null,
      "booksFinished": .int(Int64(progress.booksFinished)),
      "pagesFinished": .int(Int64(progress.pagesFinished)),
      "booksExpected": .number(progress.booksExpected),
      "booksAhead": .int(Int64(progress.booksAhead)),
      "booksPerMonthNeeded": progress.booksPerMonthNeeded.map(JSONOutput.number) ?? .null,
      "monthsLeft": .int(Int64(progress.monthsLeft)),
      "made": .bool(progress.isMade),
    ])
  }
}
