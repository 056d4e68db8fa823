import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The options of `bookclub list`, shared with `bookclub demo`.
struct ListOptions: Sendable {
  /// The page size `--all` reads with when `--limit` is not given.
  static let streamingPageSize = 2000

  static let limitOption = OptionSpec.value(
    "limit", short: "n", valueName: "limit",
    help: "Books per page, from 1 to 1000. Default: the pageSize setting (30).")
  static let afterOption = OptionSpec.value(
    "after", valueName: "cursor", help: "Continue after the page that printed this cursor.")
  static let allFlag = OptionSpec.flag(
    "all", help: "List every book, page after page, without stopping.")
  static let statusOption = OptionSpec.status(help: "Only books with this status.")
  static let searchOption = OptionSpec.value(
    "search", valueName: "text",
    help: "Only books whose title or author contains these words (case and accents ignored).")
  static let tagOption = OptionSpec.value(
    "tag", valueName: "tag", help: "Only books with this tag; repeat for several (all must match).",
    isRepeating: true, completion: .tag)
  static let seriesOption = OptionSpec.value(
    "series", valueName: "name",
    help: "Only books in this series, in series order unless --sort says otherwise.",
    completion: .series)
  static let moodOption = OptionSpec.value(
    "mood", valueName: "mood",
    help: "Only books with this mood (StoryGraph's: dark, tense...); repeat for several.",
    isRepeating: true)
  static let paceOption = OptionSpec.value(
    "pace", valueName: "pace", help: "Only books of this pace: slow, medium or fast.",
    allowedValues: Bookclub.Mood.paces)
  static let upNextFlag = OptionSpec.flag(
    "up-next", help: "Only the books in Up Next, in its order unless --sort says otherwise.")
  static let formatOption = OptionSpec.value(
    "format", valueName: "format", help: "Only books of this format: paper, ebook or audiobook.",
    allowedValues: BookFormat.allCases.map(\.rawValue))
  static let ratingOption = OptionSpec.value(
    "rating-at-least", valueName: "stars",
    help: "Only books rated at least this many stars (up to 5).")
  static let finishedOption = OptionSpec.value(
    "finished-in", valueName: "year", help: "Only books finished in this year.")
  static let addedOption = OptionSpec.value(
    "added-since", valueName: "date", help: "Only books added on or after this day (2024-05-12).")
  static let sortOption = OptionSpec.value(
    "sort", valueName: "sort",
    help: "The order: id (as added), title, author (last name), updated, rating, finished or "
      + "added (newest first); series (by place, with --series); upNext (with --up-next).",
    allowedValues: BookSort.allCases.map(\.rawValue))
  static let jsonFlag = CommonOptions.json(
    "Print JSON: {\"books\": [...], \"next\": cursor or null, \"total\": count}.")

  static let specs: [OptionSpec] = [
    limitOption, afterOption, allFlag, statusOption, searchOption, tagOption, seriesOption,
    moodOption, paceOption, formatOption, upNextFlag, ratingOption, finishedOption, addedOption,
    sortOption,
    jsonFlag,
  ]

  var limit: Int?
  var after: PageCursor?
  var all: Bool
  var status: ReadingStatus?
  var search: String?
  /// Longer searches are no title or author anyone types.
  static let searchLimit = 500
  var tags: [String]
  var series: String?
  var moods: [String]
  var pace: String?
  var format: BookFormat?
  var upNext: Bool
  var ratingAtLeast: Double?
  var finishedIn: Int?
  var addedSince: Date?
  var sort: BookSort
  var json: Bool

  /// - Throws: ``UsageError`` for a limit out of range, a cursor bookclub did not make, or a
  ///   cursor from another sort order.
  init(_ values: ParsedValues) throws(UsageError) {
    limit = try values.integer(Self.limitOption, in: PageQuery.limits)
    all = values.flag(Self.allFlag)
    status = values.choice(Self.statusOption, as: ReadingStatus.self)
    search = values.string(Self.searchOption).flatMap { $0.isEmpty ? nil : $0 }
    if let search, search.count > Self.searchLimit {
      throw .invalidValue(
        String(search.prefix(40)) + "…", for: Self.searchOption.display,
        allowed: "Search for at most \(Self.searchLimit) characters: words of a title or author.")
    }
    tags = values.strings(Self.tagOption)
    series = values.string(Self.seriesOption).map(\.collapsingSpaces).flatMap {
      $0.isEmpty ? nil : $0
    }
    if let series, series.count > SeriesPlace.longestName {
      throw .invalidValue(
        String(series.prefix(40)) + "…", for: Self.seriesOption.display,
        allowed: "A series name is at most \(SeriesPlace.longestName) characters.")
    }
    moods = values.strings(Self.moodOption).map(\.collapsingSpaces).filter { !$0.isEmpty }
    pace = values.string(Self.paceOption)?.lowercased()
    format = values.choice(Self.formatOption, as: BookFormat.self)
    upNext = values.flag(Self.upNextFlag)
    ratingAtLeast = try Self.rating(values.string(Self.ratingOption), for: Self.ratingOption)
    if let text = values.string(Self.finishedOption) {
      guard let year = Int(text), (1...9999).contains(year) else {
        throw .invalidValue(text, for: Self.finishedOption.display, allowed: "Give a year: 2024.")
      }
      finishedIn = year
    }
    if let text = values.string(Self.addedOption) {
      guard let day = CalendarDay(text) else {
        throw .invalidValue(text, for: Self.addedOption.display, allowed: "Give a day: 2024-05-12.")
      }
      addedSince = day.start()
    }
    json = values.flag(Self.jsonFlag)
    let explicitSort = values.choice(Self.sortOption, as: BookSort.self)
    if let token = values.string(Self.afterOption) {
      guard let cursor = PageCursor(token: token) else {
        throw .invalidValue(
          token, for: Self.afterOption.display,
          allowed: "Use a cursor printed by an earlier list.")
      }
      if let explicitSort, explicitSort != cursor.sort {
        throw .invalidValue(
          token, for: Self.afterOption.display,
          allowed: "That cursor continues a list sorted by \(cursor.sort.rawValue); "
            + "drop --sort or pass --sort \(cursor.sort.rawValue).")
      }
      after = cursor
    }
    if explicitSort?.needsSeries == true, series == nil {
      throw .invalidValue(
        "series", for: Self.sortOption.display,
        allowed: "Sort by series with --series <name>: 'bookclub series' lists them.")
    }
    if explicitSort?.needsQueue == true, !upNext {
      throw .invalidValue(
        "upNext", for: Self.sortOption.display, allowed: "Sort by the queue with --up-next.")
    }
    // A cursor knows its order, so `--after` alone continues the same list; a series and
    // the queue are listed in their own order.
    sort = explicitSort ?? after?.sort ?? (series != nil ? .series : upNext ? .upNext : .id)
  }

  /// The first page's query.
  ///
  /// - Parameter pageSize: The `pageSize` setting, used when `--limit` is not given.
  func query(pageSize: Int) -> PageQuery {
    let pageSize = limit ?? (all ? Self.streamingPageSize : pageSize)
    return PageQuery(
      after: after, limit: pageSize, status: status, search: search, tags: tags, series: series,
      moods: moods, pace: pace, format: format, queued: upNext, ratingAtLeast: ratingAtLeast,
      finishedIn: finishedIn,
      addedSince: addedSince, sort: sort, countsTotal: true)
  }

  /// A rating filter's threshold: any number of stars above 0, up to 5.
  static func rating(_ text: String?, for option: OptionSpec) throws(UsageError) -> Double? {
    guard let text else { return nil }
    // A filter is a threshold, not a rating: any number of stars up to 5 (4.1 included).
    guard let stars = Double(text), stars.isFinite, stars > 0, stars <= 5 else {
      throw .invalidValue(
        text, for: option.display, allowed: "Give a number of stars above 0, up to 5: 4, 4.1.")
    }
    return stars
  }

  var hasFilters: Bool {
    status != nil || search != nil || !tags.isEmpty || series != nil || !moods.isEmpty
      || pace != nil || format != nil || upNext || ratingAtLeast != nil || finishedIn != nil
      || addedSince != nil
  }

  /// The options to repeat in a "next page" hint: the filters and page size, which the
  /// cursor does not carry.
  var continuationArguments: [String] {
    var arguments: [String] = []
    if let limit { arguments += ["--limit", String(limit)] }
    if let status { arguments += ["--status", status.rawValue] }
    if let search { arguments += ["--search", ShellQuoting.quote(search)] }
    for tag in tags { arguments += ["--tag", ShellQuoting.quote(tag)] }
    if let series { arguments += ["--series", ShellQuoting.quote(series)] }
    for mood in moods { arguments += ["--mood", ShellQuoting.quote(mood)] }
    if let pace { arguments += ["--pace", pace] }
    if let format { arguments += ["--format", format.rawValue] }
    if upNext { arguments.append("--up-next") }
    if let ratingAtLeast {
      arguments += ["--rating-at-least", BookFields.text(rating: ratingAtLeast)]
    }
    if let finishedIn { arguments += ["--finished-in", String(finishedIn)] }
    if let addedSince {
      arguments += ["--added-since", CalendarDay(local: addedSince).description]
    }
    return arguments
  }
}
