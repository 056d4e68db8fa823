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
      arguments: [ClubTarget.argument], options: [LibraryOption.spec])

    let target: ClubTarget

    init(_ values: ParsedValues) throws(UsageError) {
      target = ClubTarget(values)
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: target.libraryPath)
      let membership = try await Bookclub.Club.membership(target.name, in: library)
      try await Bookclub.Club.leave(membership, library: library, context: context)
      context.output.line("You left “\(TerminalText.safe(membership.name))”.")
    }
  }
}
