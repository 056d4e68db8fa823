import ReadingModel

extension Bookclub {
  /// `bookclub list`: the library, a page at a time.
  struct List: ParsableCommand {
    static let signature = CommandSignature(
      name: "list",
      abstract: "List the books in your library, a page at a time.",
      discussion: """
        At a terminal, press space or Enter for the next page and q to quit. Otherwise one \
        page is printed, and when more follow, stderr ends with the command that prints the \
        next one.
        """,
      options: ListOptions.specs + [LibraryOption.spec]
    )

    let options: ListOptions
    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      options = try ListOptions(values)
      libraryPath = LibraryOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      let session = ListSession(
        context: context, library: context.library(flag: libraryPath), options: options,
        commandName: "bookclub list")
      try await session.run()
    }
  }
}
