import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub.Progress {
  /// `bookclub progress undo [<book>]`: take back the newest entry.
  struct Undo: ParsableCommand {
    static let signature = CommandSignature(
      name: "undo",
      abstract: "Remove the entry or note recorded last; the book's status and readings go back.",
      discussion: """
        The entry recorded last, even one back-dated with --at. Shows it and asks first at a \
        terminal; elsewhere it needs --force.
        """,
      arguments: [BookTarget.argument],
      options: [
        CommonOptions.force("Remove without asking."), EntryRemoval.json, LibraryOption.spec,
      ]
    )

    let target: BookTarget
    let force: Bool
    let json: Bool

    init(_ values: ParsedValues) throws(UsageError) {
      target = BookTarget(values)
      force = values.flag(CommonOptions.anyForce)
      json = values.flag(CommonOptions.anyJSON)
    }

    func run(_ context: CommandContext) async throws {
      let (book, library) = try await target.resolve(in: context, writing: true)
      guard let latest = try await library.lastRecordedEntry(of: book.id) else {
        context.errors.line("“\(book.shownTitle)” has no entries; nothing to undo.")
        return
      }
      try await EntryRemoval(force: force, json: json).remove(
        LocatedEntry(bookID: book.id, entry: latest), of: book, library: library,
        context: context)
    }
  }

  /// `bookclub progress remove <entry-id>`
  struct Remove: ParsableCommand {
    static let signature = CommandSignature(
      name: "remove",
      abstract: "Remove one entry from a book's history (the newest also puts the status back).",
      discussion: "Shows the entry and asks first at a terminal; elsewhere it needs --force.",
      arguments: [Bookclub.Note.entryArgument],
      options: [
        CommonOptions.force("Remove without asking."), EntryRemoval.json, LibraryOption.spec,
      ]
    )

    let entryID: String
    let force: Bool
    let json: Bool
    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      entryID = values.argument(Bookclub.Note.entryArgument)
      force = values.flag(CommonOptions.anyForce)
      json = values.flag(CommonOptions.anyJSON)
      libraryPath = LibraryOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: libraryPath)
      let located = try await EntryReference.resolve(entryID, in: library)
      guard let book = try await library.book(id: located.bookID) else {
        throw LibraryError.bookNotFound(located.bookID)
      }
      try await EntryRemoval(force: force, json: json).remove(
        located, of: book, library: library, context: context)
    }
  }
}
