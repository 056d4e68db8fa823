import ReadingModel

extension Bookclub {
  /// `bookclub undo [<book>]`: takes back the library's last change, of any kind.
  struct Undo: ParsableCommand {
    static let signature = CommandSignature(
      name: "undo",
      abstract: "Undo the last change of your library (any kind), or of one book.",
      discussion: """
        Takes back the change made last: a status, a rating, tags, an edit, progress, a \
        note, a book added, removed or restored, a goal. With a <book>, that book's last \
        change. Shows what it undoes and asks first at a terminal; elsewhere it needs \
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
    let force: Bool
    let json: Bool
    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      reference = values.argument(Self.book)
      force = values.flag(CommonOptions.anyForce)
      json = values.flag(CommonOptions.anyJSON)
      libraryPath = LibraryOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: libraryPath)
      var book: Book?
      if let reference { book = try await BookReference.resolve(reference, in: library) }
      guard let change = try await library.changeToUndo(of: book?.id) else {
        throw LibraryError.nothingToUndo(book: book?.title)
      }
      let question = "Undo \(TerminalText.safe(change.summary))?"
      guard try Confirmation.confirm(question, force: force, context: context) else { return }
      let applied = try await context.writer(for: library).undo(
        of: book?.id, expecting: change.id)
      ChangeReport.print(applied, verb: "Undid", json: json, context: context)
    }
  }

  /// `bookclub redo`: puts back the change `undo` took back last.
  struct Redo: ParsableCommand {
    static let signature = CommandSignature(
      name: "redo",
      abstract: "Redo the change 'bookclub undo' took back last.",
      discussion: """
        Puts back what the last undo took back, until a new change is made. Shows it and \
        asks first at a terminal; elsewhere it needs --force.
        """,
      options: [
        CommonOptions.force("Redo without asking."), ChangeReport.json, LibraryOption.spec,
      ]
    )

    let force: Bool
    let json: Bool
    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      force = values.flag(CommonOptions.anyForce)
      json = values.flag(CommonOptions.anyJSON)
      libraryPath = LibraryOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: libraryPath)
      guard let change = try await library.changeToRedo() else {
        throw LibraryError.nothingToRedo
      }
      let question = "Redo \(TerminalText.safe(change.summary))?"
      guard try Confirmation.confirm(question, force: force, context: context) else { return }
      let applied = try await context.writer(for: library).redo(expecting: change.id)
      ChangeReport.print(applied, verb: "Redid", json: json, context: context)
    }
  }
}
