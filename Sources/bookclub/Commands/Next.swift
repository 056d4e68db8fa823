import ReadingModel

extension Bookclub {
  /// `bookclub next`: the Up Next queue, in order.
  struct Next: CommandGroup {
    static let jsonFlag = CommonOptions.json("Print JSON: [{\"book\", \"place\"}], first first.")

    static let signature = CommandSignature(
      name: "next",
      abstract: "Your Up Next queue: the books you mean to read next, in order.",
      discussion: """
        'next add <book>' puts a book at the end (--first at the front, --after <book> \
        behind another); 'next move <book> --first|--last|--after <book>|--before <book>' \
        moves it; 'next remove <book>' takes it out. The queue is apart from tags and \
        statuses; 'status' shows its first three.
        """,
      options: [jsonFlag, LibraryOption.spec],
      subcommands: [Add.self, Move.self, Remove.self])

    let json: Bool
    let libraryPath: String?

    init() {
      json = false
      libraryPath = nil
    }

    init(_ values: ParsedValues) throws(UsageError) {
      json = values.flag(Self.jsonFlag)
      libraryPath = LibraryOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      let queue = try await context.library(flag: libraryPath).upNext(limit: nil)
      if json { return context.output.line(UpNextReport.json(queue).text) }
      guard !queue.isEmpty else {
        context.errors.line("Up Next is empty. Queue a book: bookclub next add <book>")
        return
      }
      for line in UpNextReport.lines(queue) { context.output.line(line) }
    }
  }
}
