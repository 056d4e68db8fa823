import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub.Progress {
  /// `bookclub progress edit <book>`: progress and a note, written in your editor.
  struct Edit: ParsableCommand {
    static let signature = CommandSignature(
      name: "edit",
      abstract: "Write progress and a note in your editor ($VISUAL, $EDITOR or vi).",
      discussion: """
        The draft's first line is where you are, as 'bookclub progress set' takes it; after \
        a blank line comes the note. Saving an empty or unchanged draft records nothing. A \
        draft that cannot be read is kept, and its path printed, so nothing you typed is lost.
        """,
      arguments: [BookTarget.argument],
      options: [LibraryOption.spec]
    )

    let target: BookTarget

    init(_ values: ParsedValues) throws(UsageError) {
      target = BookTarget(values)
    }

    func run(_ context: CommandContext) async throws {
      guard context.terminal.isInputTerminal else {
        throw EditError.notATerminal(book: target.reference ?? "<book>")
      }
      let reading = try await target.open(in: context, writing: true)
      var config = EditorConfig()
      config.present(initialProgress: reading.currentFraction)
      let draft = try DraftFile(text: config.draft(for: reading.book), bookID: reading.book.id)
      context.output.flush()
      try Editor(environment: context.environment).edit(draft.path)
      let outcome: EditorConfig.DraftOutcome
      do {
        outcome = try config.read(try draft.contents(), for: reading.book)
      } catch let error as ProgressInputError {
        throw EditError.unreadableDraft(error.errorDescription ?? "\(error)", keptAt: draft.path)
      }
      switch outcome {
      case .empty:
        draft.remove()
        context.errors.line("Nothing recorded: the draft was empty.")
      case .unchanged:
        draft.remove()
        context.errors.line("Nothing recorded: the draft was unchanged.")
      case .record(let input, let note):
        do {
          try await RereadOption.resolving(nil, book: reading.book, context: context) { choice in
            try await reading.record(input, note: note, reread: choice)
          }
        } catch let error as ProgressInputError {
          throw EditError.unreadableDraft(error.errorDescription ?? "\(error)", keptAt: draft.path)
        }
        draft.remove()
        context.output.line(ProgressText.summary(reading))
      }
    }
  }
}

/// Why `progress edit` recorded nothing.
enum EditError: Error, LocalizedError {
  /// There is no terminal for an editor to run in.
  case notATerminal(book: String)
  /// The editor could not be started or failed.
  case editorFailed(String, keptAt: String)
  /// The saved draft's first line is not a progress value for this book.
  case unreadableDraft(String, keptAt: String)

  var errorDescription: String? {
    switch self {
    case .notATerminal(let book):
      "progress edit opens an editor and needs a terminal. From a script, use: "
        + "bookclub progress set \(ShellQuoting.quote(book)) <value> --note <text>"
    case .editorFailed(let reason, let path):
      "\(reason); nothing was recorded. Your draft is kept at \(path)"
    case .unreadableDraft(let reason, let path):
      "\(reason) Nothing was recorded. Your draft is kept at \(path)"
    }
  }
}
