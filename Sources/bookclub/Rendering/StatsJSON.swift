import ReadingModel

/// The `--json` forms of `stats` and `goal` (README, "JSON"): keys alphabetical.
enum StatsJSON {
  static func stats(_ stats: ReadingStats) -> JSONValue {
    func standout(_ book: ReadingStats.Standout?) -> JSONValue {
      book.map {
        .object([
          "id": .integer($0.id), "pages": .integer(Int64($0.pages)), "title": .string($0.title),
        ])
      }
        ?? .null
    }
    func ranked(_ items: [ReadingStats.Ranked]) -> JSONValue {
      .array(items.map { .object(["books": .integer(Int64($0.books)), "name": .string($0.name)]) })
    }
    let days = stats.pagesByDay.keys.sorted().map { day in
      JSONValue.object([
        "day": .string(day.description), "pages": .integer(Int64(stats.pagesByDay[day] ?? 0)),
        "seconds": .integer(Int64(stats.secondsByDay[day] ?? 0)),
      ])
    }
    return .object([
      "year": stats.year.map { .integer(Int64($0)) } ?? .null,
      "booksFinished": .integer(Int64(stats.booksFinished)),
      "pagesFinished": .integer(Int64(stats.pagesFinished)),
      "secondsFinished": .integer(Int64(stats.secondsFinished)),
      "secondsListened": .integer(Int64(stats.secondsListened)),
      "byMonth": .array(
        stats.byMonth.map {
          .object([
            "month": .integer(Int64($0.key)), "books": .integer(Int64($0.books)),
            "pages": .integer(Int64($0.pages)), "seconds": .integer(Int64($0.seconds)),
          ])
        }),
      "byYear": .array(
        stats.byYear.map {
          .object([
            "year": .integer(Int64($0.key)), "books": .integer(Int64($0.books)),
            "pages": .integer(Int64($0.pages)), "seconds": .integer(Int64($0.seconds)),
          ])
        }),
      "averageRating": stats.averageRating.map(JSONValue.number) ?? .null,
      "averageDaysToFinish": stats.averageDaysToFinish.map(JSONValue.number) ?? .null,
      "longest": standout(stats.longest),
      "shortest": standout(stats.shortest),
      "topAuthors": ranked(stats.topAuthors),
      "topTags": ranked(stats.topTags),
      "abandoned": .integer(Int64(stats.abandoned)),
      "finishedDateUnknown": .integer(Int64(stats.finishedDateUnknown)),
      "readingDays": .integer(Int64(stats.readingDays)),
      "longestStreak": .integer(Int64(stats.longestStreak)),
      "pagesByWeekday": .array(stats.pagesByWeekday.map { .integer(Int64($0)) }),
      "secondsByWeekday": .array(stats.secondsByWeekday.map { .integer(Int64($0)) }),
      "days": .array(days),
      "sessions": sessions(stats.sessions),
    ])
  }

  /// `{"count", "seconds", "pages", "pagesPerHour", "secondsByWeekday", "secondsByHour",
  /// "days": [{"day", "seconds"}], "books": [{"id", "title", "sessions", "seconds"}]}`.
  private static func sessions(_ sessions: SessionStats) -> JSONValue {
    .object([
      "count": .integer(Int64(sessions.sessions)), "seconds": .integer(Int64(sessions.seconds)),
      "pages": .integer(Int64(sessions.pages)),
      "pagesPerHour": sessions.pagesPerHour.map(JSONValue.number) ?? .null,
      "secondsByWeekday": .array(sessions.secondsByWeekday.map { .integer(Int64($0)) }),
      "secondsByHour": .array(sessions.secondsByHour.map { .integer(Int64($0)) }),
      "days": .array(
        sessions.secondsByDay.keys.sorted().map { day in
          .object([
            "day": .string(day.description),
            "seconds": .integer(Int64(sessions.secondsByDay[day] ?? 0)),
          ])
        }),
      "books": .array(
        sessions.books.map {
          .object([
            "id": .integer($0.id), "title": .string($0.title),
            "sessions": .integer(Int64($0.sessions)), "seconds": .integer(Int64($0.seconds)),
          ])
        }),
    ])
  }

  /// `{"by", "groups": [{"averageDaysToFinish", "books", "name", "pages", "seconds"}],
  /// "year"}`: `stats --by`.
  static func groups(_ groups: [StatsGroup], by grouping: StatsGrouping, year: Int?) -> JSONValue {
    .object([
      "by": .string(grouping.rawValue),
      "year": year.map { .integer(Int64($0)) } ?? .null,
      "groups": .array(
        groups.map {
          .object([
            "name": .string($0.name), "books": .integer(Int64($0.books)),
            "pages": .integer(Int64($0.pages)), "seconds": .integer(Int64($0.seconds)),
            "averageDaysToFinish": $0.averageDaysToFinish.map(JSONValue.number) ?? .null,
          ])
        }),
    ])
  }

  static func goal(_ progress: GoalProgress) -> JSONValue {
    .object([
      "year": .integer(Int64(progress.goal.year)),
      "books": .integer(Int64(progress.goal.books)),
      "pages": progress.goal.pages.map { .integer(Int64($0)) } ?? .null,
      "hours": progress.goal.hours.map { .integer(Int64($0)) } ?? .null,
      "booksFinished": .integer(Int64(progress.booksFinished)),
      "pagesFinished": .integer(Int64(progress.pagesFinished)),
      "secondsFinished": .integer(Int64(progress.secondsFinished)),
      "booksExpected": .number(progress.booksExpected),
      "booksAhead": .integer(Int64(progress.booksAhead)),
      "booksPerMonthNeeded": progress.booksPerMonthNeeded.map(JSONValue.number) ?? .null,
      "monthsLeft": .integer(Int64(progress.monthsLeft)),
      "made": .bool(progress.isMade),
    ])
  }
}
