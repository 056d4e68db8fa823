import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub {
  /// `bookclub goal [year]`: where a year stands against its reading goal.
  struct Goal: CommandGroup {
    static let yearArgument = OptionalArgument(
      name: "year", help: "The goal's year. Default: this year.")
    static let jsonFlag = CommonOptions.json(
      "Print JSON: {\"year\", \"books\", \"pages\", \"booksFinished\", \"booksAhead\", ...}.")

    static let signature = CommandSignature(
      name: "goal",
      abstract: "A year's reading goal: how far along, ahead or behind, what each month needs.",
      discussion: """
        'goal set 2026 24' sets one; 'goal' shows this year's; 'goal clear 2026' removes it. \
        Ahead and behind are measured against an even pace through the year.
        """,
      arguments: [yearArgument], options: [jsonFlag, LibraryOption.spec],
      subcommands: [Set.self, Clear.self])

    let year: Int?
    let json: Bool
    let libraryPath: String?

    init() {
      year = nil
      json = false
      libraryPath = nil
    }

    init(_ values: ParsedValues) throws(UsageError) {
      year = try GoalYear.parse(values.argument(Self.yearArgument), option: "<year>")
      json = values.flag(Self.jsonFlag)
      libraryPath = LibraryOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      let year = self.year ?? GoalYear.current
      let library = context.library(flag: libraryPath)
      guard let progress = try await library.goalProgress(year: year, today: GoalYear.today) else {
        throw GoalError.noGoal(year)
      }
      if json { return context.output.line(StatsJSON.goal(progress).text) }
      for line in GoalReport.lines(progress, colors: context.terminal.colorsOutput) {
        context.output.line(line)
      }
    }
  }
}

/// Why a goal command could not do what was asked.
enum GoalError: Error, LocalizedError {
  /// The year has no goal.
  case noGoal(Int)

  var errorDescription: String? {
    switch self {
    case .noGoal(let year):
      "There is no reading goal for \(year). Set one: bookclub goal set \(year) <books>"
    }
  }
}
