import ReadingModel

extension Bookclub.Club {
  /// `bookclub club list`
  struct List: ParsableCommand {
    static let jsonFlag = CommonOptions.json(
      "Print JSON: [{\"id\", \"memberId\", \"memberName\", \"name\", \"path\", \"sharesNotes\"}].")
    static let signature = CommandSignature(
      name: "list", abstract: "List your clubs.", options: [jsonFlag, LibraryOption.spec])

    let libraryPath: String?
    let json: Bool

    init(_ values: ParsedValues) throws(UsageError) {
      libraryPath = LibraryOption.value(in: values)
      json = values.flag(Self.jsonFlag)
    }

    func run(_ context: CommandContext) async throws {
      let clubs = try await context.library(flag: libraryPath).clubs()
      if json { return context.output.line(ClubJSON.clubs(clubs).text) }
      // No clubs is an empty list, as an empty trash is: said on stderr, not an error.
      guard !clubs.isEmpty else {
        return context.errors.line(ClubError.noClubs.errorDescription ?? "You are in no club yet.")
      }
      for club in clubs {
        context.output.line(
          TerminalText.safe(club.name) + "  as " + TerminalText.safe(club.memberName) + "  "
            + TerminalText.safe(club.path))
      }
    }
  }
}
