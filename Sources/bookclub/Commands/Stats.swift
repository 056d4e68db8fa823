import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub {
  /// `bookclub stats [--year YEAR | --all-time] [--by GROUP] [--ascii] [--json]`
  struct Stats: ParsableCommand {
    static let yearOption = OptionSpec.value(
      "year", valueName: "year", help: "The year to look at. Default: this year.")
    static let allTimeFlag = OptionSpec.flag("all-time", help: "Every year, with books per year.")
    static let editionsFlag = OptionSpec.flag(
      "editions",
      help: "Count each edition's reading, also one that overlaps a reading of another edition "
        + "of its work.")
    static let asciiFlag = OptionSpec.flag(
      "ascii", help: "Draw the charts with plain ASCII (also when the locale is not UTF-8).")
    static let byOption = OptionSpec.value(
      "by", valueName: "group",
      help: "Finished books by tag, format, series, mood or author, with pages and hours.",
      allowedValues: StatsGrouping.allCases.map(\.rawValue))
    static let jsonFlag = CommonOptions.json(
      "Print JSON: {\"year\", \"booksFinished\", \"pagesFinished\", \"byMonth\", ...} (README).")

    static let signature = CommandSignature(
      name: "stats",
      abstract: "A year in books: finishes and pages by month, standouts, reading days.",
      discussion: """
        A book counts in the year of each finished reading (finished twice, it counts \
        twice); a finished book with no finish date is counted apart, never in a year. \
        Pages are the page counts of the books finished, hours the lengths of the \
        audiobooks finished (an audiobook's time is never counted as pages); reading days \
        come from progress entries. --by groups the finished books by tag, format, series, \
        mood or author. Editions of one work read at once (the audiobook beside the \
        paperback, linked with 'edition link') are one book; --editions counts each.
        """,
      options: [
        yearOption, allTimeFlag, byOption, editionsFlag, asciiFlag, jsonFlag, LibraryOption.spec,
      ])

    let year: Int?
    let allTime: Bool
    let grouping: StatsGrouping?
    let countingEditions: Bool
    let ascii: Bool
    let json: Bool
    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      year = try GoalYear.parse(values.string(Self.yearOption), option: Self.yearOption.display)
      allTime = values.flag(Self.allTimeFlag)
      grouping = values.choice(Self.byOption, as: StatsGrouping.self)
      countingEditions = values.flag(Self.editionsFlag)
      ascii = values.flag(Self.asciiFlag)
      json = values.flag(Self.jsonFlag)
      libraryPath = LibraryOption.value(in: values)
      if allTime, year != nil {
        throw .invalidValue(
          "--all-time", for: "--year", allowed: "Give --year or --all-time, not both.")
      }
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: libraryPath)
      let year = allTime ? nil : (self.year ?? GoalYear.current)
      let ascii = self.ascii || !GoalYear.unicodeLocale(context.environment)
      if let grouping {
        let groups = try await library.statsGroups(by: grouping, year: year)
        if json {
          return context.output.line(StatsJSON.groups(groups, by: grouping, year: year).text)
        }
        let report = StatsGroupReport(
          groups: groups, grouping: grouping, year: year, width: context.terminal.width,
          ascii: ascii, colors: context.terminal.colorsOutput)
        for line in report.lines() { context.output.line(line) }
        return
      }
      let stats = try await library.stats(year: year, countingEditions: countingEditions)
      if json { return context.output.line(StatsJSON.stats(stats).text) }
      let report = StatsReport(
        stats: stats, width: context.terminal.width, ascii: ascii,
        colors: context.terminal.colorsOutput)
      for line in report.lines() { context.output.line(line) }
    }
  }
}

/// Years as `stats` and `goal` take them, and what they need to know of the reader's
/// terminal.
enum GoalYear {
  static let years = ReadingGoal.yearLimit

  /// This year, where the reader is.
  static var current: Int { CalendarDay(local: Date()).year }

  /// Today, where the reader is.
  static var today: CalendarDay { CalendarDay(local: Date()) }

  /// A year typed as a value; `nil` when not given.
  static func parse(_ text: String?, option: String) throws(UsageError) -> Int? {
    guard let text else { return nil }
    guard let year = Int(text), years.contains(year) else {
      throw .invalidValue(text, for: option, allowed: "Give a year such as 2026.")
    }
    return year
  }

  /// Whether the locale draws Unicode: a `LC_ALL`, `LC_CTYPE` or `LANG` that names another
  /// encoding (`C`, `POSIX`, `ISO-8859-1`) does not; unset, it is taken to.
  static func unicodeLocale(_ environment: [String: String]) -> Bool {
    guard
      let locale = [environment["LC_ALL"], environment["LC_CTYPE"], environment["LANG"]]
        .compactMap({ $0 }).first(where: { !$0.isEmpty })
    else { return environment["TERM"] != "vt100" }
    let lowered = locale.lowercased()
    return lowered.contains("utf-8") || lowered.contains("utf8")
  }
}
