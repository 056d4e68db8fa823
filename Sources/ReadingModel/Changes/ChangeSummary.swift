/// The words a change's record keeps: what `bookclub undo` and `show`'s history say of it.
enum ChangeSummary {
  /// What `outcome` did, from the book before and after.
  static func describe(
    _ outcome: AppliedChange.Outcome, before: AppliedChange.BookState?,
    after: AppliedChange.BookState?
  ) -> String {
    let title = "“\((after ?? before)?.book.title ?? "")”"
    switch outcome {
    case .added: return "adding \(title)"
    case .edited(let result):
      let fields = Set(result.changes.map(\.field))
      let what = fields == [.rating] ? "rating" : fields == [.tags] ? "tags" : "edit"
      return "the \(what) of \(title) (\(SQLiteLibrary.describe(result.changes)))"
    case .statusSet(let book):
      let old = before?.book.status.displayName ?? "unknown"
      return "the status of \(title) (\(old) → \(book.status.displayName))"
    case .recorded(let recorded, _):
      return recorded.entry.kind == .note
        ? "the note on \(title)" : "the progress on \(title) (\(percent(recorded.entry.progress)))"
    case .noteSet(let entry):
      return entry.note == nil ? "removing the note on \(title)" : "the edit of a note on \(title)"
    case .entryRemoved(let removed):
      return removed.entry.kind == .note
        ? "removing the note on \(title)"
        : "removing the entry at \(percent(removed.entry.progress)) on \(title)"
    case .trashed: return "removing \(title) to the trash"
    case .restored: return "restoring \(title) from the trash"
    case .goalSet(let goal):
      return "the goal for \(goal.year) (\(goal.books) books"
        + (goal.pages.map { ", \($0) pages)" } ?? ")")
    case .goalCleared(let goal): return "removing the goal for \(goal?.year ?? 0)"
    case .reverted(let record): return record.summary
    case .imported(let summary): return describe(summary, origin: nil)
    case .linked: return "what a service holds of books sent to it"
    case .synced(let book, _):
      return book == nil ? "removing \(title) by sync" : "the sync of \(title)"
    case .highlightsAdded(let added, _):
      let quotes = added.allSatisfy { $0.kind == .quote }
      let noun = quotes ? "quote" : "highlight"
      return "adding \(added.count == 1 ? "a \(noun)" : "\(added.count) \(noun)s") to \(title)"
    case .highlightRemoved(let highlight):
      return "removing a \(highlight.kind == .quote ? "quote" : "highlight") of \(title)"
    case .highlightNoted: return "the note on a highlight of \(title)"
    case .sessionsAdded(let added, _):
      return "logging \(added.count == 1 ? "a session" : "\(added.count) sessions") of \(title)"
    case .sessionRemoved: return "removing a session of \(title)"
    }
  }

  /// What an import did: `the import of “export.csv” (Goodreads: 12 added, 3 updated)`.
  ///
  /// - Parameter origin: The file's name, if known.
  static func describe(_ summary: ImportSummary, origin: String?) -> String {
    let counts = "\(summary.added) added, \(summary.updated) updated"
    let name = origin.map { " of “\($0)”" } ?? ""
    return "the import\(name) (\(summary.format): \(counts))"
  }

  private static func percent(_ fraction: Double) -> String {
    "\(Int((fraction * 100).rounded(.down)))%"
  }
}
