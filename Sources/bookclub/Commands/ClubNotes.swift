import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub.Club {
  /// `bookclub club notes [club] [--spoilers]`
  struct Notes: ParsableCommand {
    static let spoilersFlag = OptionSpec.flag(
      "spoilers", help: "Show every note, also those written further on than you have read.")

    static let signature = CommandSignature(
      name: "notes",
      abstract: "The members' shared notes on the club's book, in the order of the book.",
      discussion: """
        A note is shown once you have read as far as where it was written (your own \
        progress on your copy); the others are counted and hidden.
        """,
      arguments: [ClubTarget.argument], options: [spoilersFlag, jsonFlag, LibraryOption.spec])

    static let jsonFlag = CommonOptions.json(
      "Print JSON: {\"book\", \"club\", \"hidden\", \"hiddenFrom\", \"notes\": [...]}.")

    let target: ClubTarget
    let spoilers: Bool
    let json: Bool

    init(_ values: ParsedValues) throws(UsageError) {
      target = ClubTarget(values)
      spoilers = values.flag(Self.spoilersFlag)
      json = values.flag(Self.jsonFlag)
    }

    func run(_ context: CommandContext) async throws {
      let (membership, library) = try await target.open(in: context, pushing: false)
      let status = try await ClubExchange(library: library).status(membership, notes: true)
      guard let book = status.book else { throw ClubError.nothingPicked(membership.name) }
      let position = try await ClubReading.find(book, in: library).fraction
      let shown = status.notes.filter { spoilers || $0.fraction <= position + 1e-9 }
      let hidden = status.notes.filter { !(spoilers || $0.fraction <= position + 1e-9) }
      if json {
        return context.output.line(
          ClubJSON.notes(shown, hidden: hidden, book: book, of: membership).text)
      }
      for note in shown {
        context.output.line(
          "\(ProgressBar.percent(note.fraction))%  \(TerminalText.safe(note.member))  "
            + DateText.day(Date(milliseconds: note.time)))
        for line in TerminalText.safeLines(note.text) { context.output.line("    " + line) }
      }
      if shown.isEmpty, hidden.isEmpty {
        context.errors.line("No shared notes on “\(TerminalText.safe(book.title))” yet.")
      }
      if let nearest = hidden.map(\.fraction).min() {
        let count = hidden.count == 1 ? "1 note" : "\(hidden.count) notes"
        context.errors.line(
          "\(count) hidden until you pass \(ProgressBar.percent(nearest))% (--spoilers shows them)."
        )
      }
    }
  }
}
