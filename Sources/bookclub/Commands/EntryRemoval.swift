import ReadingModel

/// Shows an entry, asks, removes it, and says where the book stands after: what
/// `progress undo` and `progress remove` share.
@MainActor
struct EntryRemoval {
  static let json = CommonOptions.json(
    "Print JSON: {\"book\", \"removed\"}, the book after and the entry removed.")

  let force: Bool
  let json: Bool

  func remove(
    _ located: LocatedEntry, of book: Book, library: SQLiteLibrary,
    context: CommandContext
  ) async throws {
    let entry = located.entry
    let what = Self.describe(entry, of: book)
    let question = "Remove \(what) from “\(book.shownTitle)”?"
    guard try Confirmation.confirm(question, force: force, context: context) else { return }
    let removed = try await context.writer(for: library).apply(.removeEntry(entry.id))
      .entryRemoved()
    let progress = try await library.progress(of: book.id)
    if json {
      let latest = progress.positions.last?.progress
      context.output.line(
        JSONValue.object([
          "book": .raw(BookJSON.object(ListedBook(book: removed.book, progress: latest))),
          "removed": ProgressText.json(entry, of: book),
        ]).text)
    } else {
      context.errors.line("Removed \(what).")
      context.output.line(StatusOverview.line(removed.book, progress: progress))
    }
  }

  /// `the entry of 2024-05-12 14:03 (page 44 of 880, “Prelude”)`
  static func describe(_ entry: ReadingProgress.Entry, of book: Book) -> String {
    let kind = entry.kind == .note ? "the note" : "the entry"
    let details =
      (entry.kind == .note ? [] : [ProgressText.position(entry.progress, of: book)])
      + (entry.note.map { ["“\(ProgressText.oneLine($0))”"] } ?? [])
    return "\(kind) of \(DateText.minute(entry.time))"
      + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))")
  }
}
