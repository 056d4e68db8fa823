import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub {
  /// `bookclub select [<book>]`: the book this terminal works on.
  struct Select: ParsableCommand {
    static let signature = CommandSignature(
      name: "select",
      abstract: "Pick the book commands use when you give none, in this terminal.",
      discussion: """
        Each terminal keeps its own selection (BOOKCLUB_SCENE names another). Without \
        <book>, prints the selected book.
        """,
      arguments: [
        OptionalArgument(
          name: "book", help: "The book: its id, its ISBN, or words from its title.",
          completion: .book)
      ],
      options: [clear, LibraryOption.spec]
    )

    static let clear = OptionSpec.flag("clear", help: "Forget the selected book.")

    let target: BookTarget
    let clear: Bool

    init(_ values: ParsedValues) throws(UsageError) {
      target = BookTarget(values)
      clear = values.flag(Self.clear)
      if clear, let book = target.reference { throw .unexpectedArgument(book, suggestion: nil) }
    }

    func run(_ context: CommandContext) async throws {
      if clear {
        context.selection.clear()
        context.errors.line("No book is selected now.")
        return
      }
      guard target.reference != nil else { return try await printSelection(context) }
      let (book, library) = try await target.resolve(in: context)
      try context.selection.save(Selection(bookID: book.id, library: library.path, time: Date()))
      context.output.line("\(book.id)  \(book.shownTitle)")
    }

    private func printSelection(_ context: CommandContext) async throws {
      guard context.selection.load() != nil else {
        context.errors.line("No book is selected. Select one: bookclub select <book>")
        return
      }
      let (book, _) = try await target.resolve(in: context, announce: false)
      context.output.line("\(book.id)  \(book.shownTitle)")
    }
  }
}
