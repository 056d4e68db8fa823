import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub {
  /// `bookclub review [<book>] [--text <text>]`: write, change or remove a review.
  struct Review: ParsableCommand {
    static let signature = CommandSignature(
      name: "review",
      abstract: "Write or change your review of a book, in $EDITOR or with --text.",
      discussion: """
        Without --text the review opens in $VISUAL or $EDITOR (vi), and needs a terminal. An \
        empty review removes it. The review goes out with exports as Goodreads' 'My Review' \
        and StoryGraph's 'Review'; 'bookclub undo' takes it back.
        """,
      arguments: [BookTarget.argument],
      options: [
        text, CommonOptions.json("Print JSON: {\"book\", \"changes\"}."), LibraryOption.spec,
      ]
    )

    static let text = OptionSpec.value(
      "text", valueName: "text", help: "The review, instead of opening an editor ('' removes it).")

    let target: BookTarget
    let text: String?
    let json: Bool

    init(_ values: ParsedValues) throws(UsageError) {
      target = BookTarget(values)
      text = values.string(Self.text)
      json = values.flag(CommonOptions.anyJSON)
    }

    func run(_ context: CommandContext) async throws {
      if text == nil, !context.terminal.isInputTerminal {
        throw ReviewError.notATerminal(book: target.reference ?? "<book>")
      }
      let (book, library) = try await target.resolve(in: context, writing: true)
      var review = text ?? ""
      if text == nil {
        review = try edited(try await library.details(of: book.id).review ?? "", of: book, context)
      }
      var fields = BookFields()
      fields[.review] = review.trimmingWhitespace()
      let result = try await context.writer(for: library).apply(
        .edit(book.id, BookEdit(fields: fields))
      ).edited()
      EditReport.print(result, json: json, context: context)
    }

    /// The review after the reader's editor had it.
    private func edited(_ review: String, of book: Book, _ context: CommandContext) throws
      -> String
    {
      let draft = try DraftFile(text: review, bookID: book.id)
      context.output.flush()
      try Editor(environment: context.environment).edit(draft.path)
      let text = try draft.contents()
      draft.remove()
      return text
    }
  }
}

/// Why `review` cannot open an editor.
enum ReviewError: Error, LocalizedError {
  case notATerminal(book: String)

  var errorDescription: String? {
    switch self {
    case .notATerminal(let book):
      "review opens an editor and needs a terminal. From a script, use: bookclub review "
        + "\(ShellQuoting.quote(book)) --text <text>"
    }
  }
}
