import Foundation
import ReadingModel

extension Bookclub.Progress {
  /// `bookclub progress undo [<book>]`: take back the newest entry.
  struct Undo: ParsableCommand {
    static let signature = CommandSignature(
      name: "undo",
      abstract: "Remove a book's newest entry; its status and readings go back to before it.",
      discussion: "Shows the entry and asks first at a terminal; elsewhere it needs --force.",
      arguments: [BookTarget.argument],
      options: [CommonOptions.force("Remove without asking."), LibraryOption.spec]
    )

    let target: BookTarget
    let force: Bool

    init(_ values: ParsedValues) throws(UsageError) {
      target = BookTarget(values)
      force = values.flag(CommonOptions.anyForce)
    }

    func run(_ context: CommandContext) async throws {
      let reading = try await target.open(in: context)
      guard let latest = reading.progress.value?.entries.last else {
        context.errors.line("“\(reading.book.shownTitle)” has no entries; nothing to undo.")
        return
      }
      try await EntryRemoval.remove(
        LocatedEntry(bookID: reading.book.id, entry: latest), of: reading.book, force: force,
        library: context.library(flag: target.libraryPath), context: context)
    }
  }

  /// `bookclub progress remove <entry-id>`
  struct Remove: ParsableCommand {
    static let signature = CommandSignature(
      name: "remove",
      abstract: "Remove one entry from a book's history (the newest also puts the status back).",
      discussion: "Shows the entry and asks first at a terminal; elsewhere it needs --force.",
      arguments: [Bookclub.Note.entryArgument],
      options: [CommonOptions.force("Remove without asking."), LibraryOption.spec]
    )

    let entryID: String
    let force: Bool
    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      entryID = values.argument(Bookclub.Note.entryArgument) ?? ""
      force = values.flag(CommonOptions.anyForce)
      libraryPath = LibraryOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: libraryPath)
      let located = try await EntryReference.resolve(entryID, in: library)
      guard let book = try await library.book(id: located.bookID) else {
        throw LibraryError.bookNotFound(located.bookID)
      }
      try await EntryRemoval.remove(located, of: book, force: force, library: library, context: context)
    }
  }
}

/// Shows an entry, asks, removes it, and says where the book stands after.
@MainActor
enum EntryRemoval {
  static func remove(
    _ located: LocatedEntry, of book: Book, force: Bool, library: SQLiteLibrary,
    context: CommandContext
  ) async throws {
    let entry = located.entry
    // `the entry of 2024-05-12 14:03 (page 44 of 880, “Prelude”)`
    let kind = entry.kind == .note ? "the note" : "the entry"
    let details =
      (entry.kind == .note ? [] : [ProgressText.position(entry.progress, of: book)])
      + (entry.note.map { ["“\(ProgressText.oneLine($0))”"] } ?? [])
    let what =
      "\(kind) of \(DateText.minute(entry.time))"
      + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))")
    let question = "Remove \(what) from “\(book.shownTitle)”?"
    guard try Confirmation.confirm(question, force: force, context: context) else { return }
    let removed = try await library.removeEntry(entry.id)
    let progress = try await library.progress(of: book.id)
    context.errors.line("Removed \(what).")
    context.output.line(StatusOverview.line(removed.book, progress: progress))
  }
}
