import ReadingModel

extension Bookclub.Goal {
  /// `bookclub goal set [<year>] <books> [--pages N] [--hours N]`
  struct Set: ParsableCommand {
    static let yearArgument = OptionalArgument(
      name: "year", help: "The goal's year. Default: this year (`goal set 24` is 24 books).")
    static let booksArgument = RequiredArgument(name: "books", help: "Books to finish that year.")
    static let pagesOption = OptionSpec.value(
      "pages", valueName: "pages", help: "Pages to finish that year, too.")
    static let hoursOption = OptionSpec.value(
      "hours", valueName: "hours",
      help: "Hours of audiobooks to finish that year, too (counted apart from pages).")

    static let signature = CommandSignature(
      name: "set", abstract: "Set a year's reading goal (replaces the one there was).",
      arguments: [yearArgument, booksArgument],
      options: [Bookclub.Goal.jsonFlag, pagesOption, hoursOption, LibraryOption.spec])

    let goal: ReadingGoal
    let json: Bool
    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      let year =
        try GoalYear.parse(values.argument(Self.yearArgument), option: "<year>")
        ?? GoalYear.current
      let text = values.argument(Self.booksArgument)
      guard let books = Int(text), ReadingGoal.bookLimit.contains(books) else {
        throw .invalidValue(text, for: "<books>", allowed: "Give a number of books from 1.")
      }
      var pages: Int?
      if let text = values.string(Self.pagesOption) {
        guard let number = Int(text), ReadingGoal.pageLimit.contains(number) else {
          throw .invalidValue(text, for: "--pages", allowed: "Give a number of pages from 1.")
        }
        pages = number
      }
      var hours: Int?
      if let text = values.string(Self.hoursOption) {
        guard let number = Int(text), ReadingGoal.hourLimit.contains(number) else {
          throw .invalidValue(
            text, for: "--hours",
            allowed: "Give a whole number of hours from 1 to \(ReadingGoal.hourLimit.upperBound).")
        }
        hours = number
      }
      goal = ReadingGoal(year: year, books: books, pages: pages, hours: hours)
      json = values.flag(Bookclub.Goal.jsonFlag)
      libraryPath = LibraryOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: libraryPath)
      try await context.writer(for: library).apply(.setGoal(goal))
      if json, let progress = try await library.goalProgress(year: goal.year, today: GoalYear.today)
      {
        return context.output.line(StatsJSON.goal(progress).text)
      }
      var parts = ["\(goal.books) books"]
      if let pages = goal.pages { parts.append("\(StatsReport.grouped(pages)) pages") }
      if let hours = goal.hours {
        parts.append("\(StatsReport.grouped(hours)) hours of audiobooks")
      }
      let last = parts.removeLast()
      let said = parts.isEmpty ? last : parts.joined(separator: ", ") + " and " + last
      context.output.line("Goal for \(goal.year): \(said).")
      if let progress = try await library.goalProgress(year: goal.year, today: GoalYear.today) {
        for line in GoalReport.lines(progress, colors: false).dropFirst() {
          context.output.line(line)
        }
      }
    }
  }

  /// `bookclub goal clear [year]`
  struct Clear: ParsableCommand {
    static let yearArgument = OptionalArgument(
      name: "year", help: "The goal's year. Default: this year.")

    static let signature = CommandSignature(
      name: "clear", abstract: "Remove a year's reading goal.",
      arguments: [yearArgument], options: [LibraryOption.spec])

    let year: Int?
    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      year = try GoalYear.parse(values.argument(Self.yearArgument), option: "<year>")
      libraryPath = LibraryOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      let year = self.year ?? GoalYear.current
      let library = context.library(flag: libraryPath)
      guard
        let removed = try await context.writer(for: library).apply(.clearGoal(year: year))
          .goalCleared()
      else {
        throw GoalError.noGoal(year)
      }
      context.output.line("Removed the goal for \(year) (\(removed.books) books).")
    }
  }
}
