import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub {
  /// `bookclub review [<book>] [--text <text>] [--spoiler | --no-spoiler]`: write, change or
  /// remove a review, and say whether it gives the story away.
  struct Review: ParsableCommand {
    static let signature = CommandSignature(
      name: "review",
      abstract: "Write or change your review of a book, in $EDITOR or with --text.",
      discussion: """
        Without --text the review opens in $VISUAL or $EDITOR (vi), and needs a terminal. An \
        empty review removes it, and its spoiler mark. --spoiler marks the review as giving \
        the story away ('show' says so before it); --no-spoiler takes the mark off; without \
        either the mark stays as it was. The review goes out with exports as Goodreads' \
        'My Review' (and 'Spoiler') and StoryGraph's 'Review'; 'bookclub undo' takes it back.
        """,
      arguments: [BookTarget.argument],
      options: [
        text, spoiler, noSpoiler,
        CommonOptions.json(
          "Print JSON: {\"book\", \"changes\", \"review\": {\"spoiler\", \"text\"}}."),
        LibraryOption.spec,
      ]
    )

    static let text = OptionSpec.value(
      "text", valueName: "text", help: "The review, instead of opening an editor ('' removes it).")

    static let spoiler = OptionSpec.flag(
      "spoiler", help: "The review gives the story away: show says so before it.")
    static let noSpoiler = OptionSpec.flag(
      "no-spoiler", help: "The review gives nothing away (takes the spoiler mark off).")

    let target: BookTarget
    let text: String?
    /// The spoiler mark asked for; `nil` keeps the stored one.
    let marksSpoiler: Bool?
    let json: Bool

    init(_ values: ParsedValues) throws(UsageError) {
      target = BookTarget(values)
      text = values.string(Self.text)
      json = values.flag(CommonOptions.anyJSON)
      switch (values.flag(Self.spoiler), values.flag(Self.noSpoiler)) {
      case (true, true):
        throw .invalidValue(
          "--spoiler --no-spoiler", for: "--spoiler", allowed: "Give one of them, not both.")
      case (true, false): marksSpoiler = true
      case (false, true): marksSpoiler = false
      case (false, false): marksSpoiler = nil
      }
      if marksSpoiler == true, let text, text.trimmingWhitespace().isEmpty {
        throw .invalidValue(
          text, for: "--text <text>",
          allowed: "With --spoiler the review needs words: an empty one removes the review.")
      }
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
      let result = try await context.writer(for: library).apply(
        .edit(book.id, BookEdit(fields: try fields(review.trimmingWhitespace())))
      ).edited()
      guard json else { return EditReport.print(result, json: false, context: context) }
      let details = try await library.details(of: book.id)
      var fields = EditReport.jsonFields(result)
      fields["review"] = .object([
        "spoiler": .bool(details.spoiler), "text": details.review.map { .string($0) } ?? .null,
      ])
      context.output.line(JSONValue.object(fields).text)
    }

    /// The review and its spoiler mark, as one edit: an empty review takes the mark with it,
    /// and no flag leaves the stored mark as it is.
    ///
    /// - Throws: ``ReviewError/nothingToMark`` for `--spoiler` on a review left empty.
    private func fields(_ review: String) throws -> BookFields {
      var fields = BookFields()
      fields[.review] = review
      if review.isEmpty {
        if marksSpoiler == true { throw ReviewError.nothingToMark }
        fields[.spoiler] = ""
      } else if let marksSpoiler {
        fields[.spoiler] = marksSpoiler ? BookFields.spoilerText : ""
      }
      return fields
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
  /// `--spoiler` on a review the editor left empty (which removes it).
  case nothingToMark

  var errorDescription: String? {
    switch self {
    case .notATerminal(let book):
      "review opens an editor and needs a terminal. From a script, use: bookclub review "
        + "\(ShellQuoting.quote(book)) --text <text>"
    case .nothingToMark:
      "The review was left empty, which removes it: there is no review to mark as a spoiler. "
        + "Nothing was changed."
    }
  }
}
