import ReadingModel

extension Bookclub {
  /// `bookclub undo [<book>]`: takes back the library's last change, of any kind.
  struct Undo: ParsableCommand {
    static let signature = CommandSignature(
      name: "undo",
      abstract: "Undo the last change of your library (any kind), or of one book.",
      discussion: """
        Takes back the change made last: a status, a rating, tags, an edit, progress, a \
        note, a book added, removed or restored, a goal, a whole import. With a <book>, that \
        book's last change (an import is undone whole, without a <book>). Shows what it undoes and asks first at a terminal; elsewhere it needs \
        --force. The undo is itself in the book's history, clubs hear of a position taken \
        back, and 'bookclub redo' puts the change back. 'progress undo' removes only the \
        newest entry.
        """,
      arguments: [book],
      options: [
        CommonOptions.force("Undo without asking."), ChangeReport.json, LibraryOption.spec,
      ]
    )

    static let book = OptionalArgument(
      name: "book",
      help: "Only this book's last change: its id, its ISBN, or words from its title.",
      completion: .book)

    let reference: String?
    let options: ChangeReport.Options

    init(_ values: ParsedValues) throws(UsageError) {
      reference = values.argument(Self.book)
      options = ChangeReport.Options(values)
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: options.libraryPath)
      var book: Book?
      if let reference { book = try await BookReference.resolve(reference, in: library) }
      guard let change = try await library.changeToUndo(of: book?.id) else {
        throw LibraryError.nothingToUndo(book: book?.title)
      }
      try await ChangeReport.confirmAndApply(
        change, asking: "Undo", telling: "Undid", options: options, context: context
      ) { try await context.writer(for: library).undo(of: book?.id, expecting: $0) }
    }
  }
}
