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
      target = BookTarget(requiring: values)
      club = values.string(clubOption)
    }

    func run(_ context: CommandContext) async throws {
      let (book, library) = try await target.resolve(in: context, writing: true)
      let membership = try await Bookclub.Club.membership(club, in: library)
      // The others' picks read first, so this one is dated after the latest of them (the
      // exchange below tells what could not be read).
      _ = try? await ClubExchange(library: library).refresh(membership)
      try await library.queueClubEvents(
        [.picked(ClubBook(book))], in: membership.clubID, at: Date().milliseconds)
      let problems = try await Bookclub.Club.exchange(
        membership, library: library, context: context, pushing: true)
      for problem in problems { context.notices.push(problem, level: .warning) }
      let club = TerminalText.safe(membership.name)
      // Said as `club status` will say it: a pick read from another member meanwhile, dated
      // later, stays the book.
      let current = try await ClubExchange(library: library).status(membership).book
      guard let current, !current.matches(book) else {
        return context.output.line("“\(book.shownTitle)” is now the book of “\(club)”.")
      }
      context.output.line(
        "“\(book.shownTitle)” is picked, but “\(TerminalText.safe(current.title))” stays the "
          + "book of “\(club)”: another member picked it later.")
    }
  }
}
