import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub.Club {
  /// `bookclub club pick <book> [--club <club>]`
  struct Pick: ParsableCommand {
    static let signature = CommandSignature(
      name: "pick",
      abstract: "Make a book of your library the club's current book (the latest pick wins).",
      arguments: [BookTarget.required], options: [clubOption, LibraryOption.spec])

    let target: BookTarget
    let club: String?

    init(_ values: ParsedValues) throws(UsageError) {
      target = BookTarget(values, argument: BookTarget.required)
      club = values.string(clubOption)
    }

    func run(_ context: CommandContext) async throws {
      let (book, library) = try await target.resolve(in: context, writing: true)
      let membership = try await Bookclub.Club.membership(club, in: library)
      try await library.queueClubEvents(
        [.picked(ClubBook(book))], in: membership.clubID, at: Date().milliseconds)
      let problems = try await Bookclub.Club.exchange(
        membership, library: library, context: context, pushing: true)
      for problem in problems { context.notices.push(problem, level: .warning) }
      context.output.line(
        "“\(book.shownTitle)” is now the book of “\(TerminalText.safe(membership.name))”.")
    }
  }
}
