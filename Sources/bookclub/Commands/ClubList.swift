import ReadingModel

extension Bookclub.Club {
  /// `bookclub club list`
  struct List: ParsableCommand {
    static let signature = CommandSignature(
      name: "list", abstract: "List your clubs.", options: [LibraryOption.spec])

    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      libraryPath = LibraryOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      let clubs = try await context.library(flag: libraryPath).clubs()
      guard !clubs.isEmpty else { throw ClubError.noClubs }
      for club in clubs {
        context.output.line(
          TerminalText.safe(club.name) + "  as " + TerminalText.safe(club.memberName) + "  "
            + TerminalText.safe(club.path))
      }
    }
  }
}
