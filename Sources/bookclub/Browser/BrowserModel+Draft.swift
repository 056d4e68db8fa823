import ReadingModel

/// `e`, and Ctrl-E in the note prompt: the draft `bookclub progress edit` opens (where the
/// book is on the first line, a blank line, the note), read back in the same grammar
/// (``EditorConfig``), so `+15` on the first line is progress there as it is here.
extension BrowserModel {
  /// The draft for a book: its position as its row shows it, then `note`.
  ///
  /// - Parameters:
  ///   - id: The book.
  ///   - note: The note typed so far (the prompt's text), or nothing.
  /// - Returns: The draft's values and its text; `nil` when the book is not shown.
  func draft(forBookWithID id: Book.ID, note: String) -> (config: EditorConfig, text: String)? {
    guard let book = book(id) else { return nil }
    var config = EditorConfig()
    config.present(initialProgress: listedProgress(of: id) ?? (book.status == .finished ? 1 : 0))
    config.note = note
    return (config, config.draft(for: book))
  }

  /// Writes what a saved draft asks for: nothing for an empty or unchanged draft, a note
  /// where the book is when only the note was written, else the new position with the note.
  ///
  /// - Parameters:
  ///   - text: The saved draft.
  ///   - config: The draft as it was opened.
  ///   - id: The book.
  /// - Throws: ``ProgressInputError`` when the first line is not a position for the book:
  ///   nothing is written, and the caller keeps the draft.
  func recordDraft(_ text: String, from config: EditorConfig, onBookWithID id: Book.ID) throws {
    guard let book = book(id) else { return }
    switch try config.read(text, for: book) {
    case .empty: notices.push("The draft was empty; nothing was written.")
    case .unchanged: notices.push("The draft was unchanged; nothing was written.")
    case .record(let input, let note):
      let opened = try? ProgressInput(parsing: ProgressInput.describe(config.progress, for: book))
      guard input != opened else {
        // The first line as it was (`Done` for `done`): a note never moves the book.
        guard let note else {
          return notices.push("The draft was unchanged; nothing was written.")
        }
        return addNote(note, on: book)
      }
      // Refused here, before the draft is gone: a page past the end, pages unknown.
      _ = try input.fraction(for: book, current: config.progress)
      recordProgress(input, note: note, on: book, reread: nil)
    }
  }
}
