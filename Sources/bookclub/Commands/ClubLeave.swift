import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub.Club {
  /// `bookclub club leave [club]`
  struct Leave: ParsableCommand {
    static let signature = CommandSignature(
      name: "leave",
      abstract: "Leave a club: the others see you left; your journal stays in the folder.",
      arguments: [clubArgument], options: [LibraryOption.spec])

    let club: String?
    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      club = values.argument(clubArgument)
      libraryPath = LibraryOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: libraryPath)
      let membership = try await Bookclub.Club.membership(club, in: library)
      try await library.queueClubEvents([.left], in: membership.clubID, at: Date().milliseconds)
      do {
        _ = try await Bookclub.Club.exchange(
          membership, library: library, context: context, pushing: true)
      } catch {
        context.notices.push(
          "The others may not see that you left: \(error.explanation)", level: .warning)
      }
      try await library.leave(membership.clubID)
      context.output.line("You left “\(TerminalText.safe(membership.name))”.")
    }
  }
}
