#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The text form of an ``EditorConfig`` that `bookclub progress edit` opens in an editor:
/// the progress on the first line (in the grammar of ``ProgressInput``), a blank line, the
/// note, and `#` lines of help that are ignored, as git does for commit messages.
extension EditorConfig {
  /// What the reader saved.
  public enum DraftOutcome: Equatable, Sendable {
    /// Every line is blank or a comment.
    case empty
    /// The progress line is as it was and no note was written.
    case unchanged
    /// Record this: the progress (as typed) and the note, if any.
    case record(ProgressInput, note: String?)
  }

  /// The draft text for `book`.
  public func draft(for book: Book) -> String {
    let forms =
      book.pageCount.map { "a page (0 to \($0)), a percent (45%), pages from here (+20, -5)" }
      ?? "a percent (45%)"
    return """
      \(ProgressInput.describe(progress, for: book))

      \(note)
      # "\(book.title)": where you are goes on the first line:
      # \(forms), or done.
      # Then a blank line and your note. Lines starting with # are ignored.
      # Save an empty or unchanged draft to record nothing.

      """
  }

  /// Reads a saved draft.
  ///
  /// - Parameters:
  ///   - text: The file's contents.
  ///   - book: The book, to tell whether the progress line changed.
  /// - Throws: ``ProgressInputError`` when the first line is not a progress value.
  public func read(_ text: String, for book: Book) throws(ProgressInputError) -> DraftOutcome {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
      .filter { !$0.hasPrefix("#") }
    guard let first = lines.firstIndex(where: { !$0.trimmingWhitespace().isEmpty })
    else { return .empty }
    let progressLine = lines[first].trimmingWhitespace()
    let note = lines[(first + 1)...].joined(separator: "\n")
      .trimmingWhitespace()
    let input = try ProgressInput(parsing: progressLine)
    if progressLine == ProgressInput.describe(progress, for: book), note.isEmpty {
      return .unchanged
    }
    return .record(input, note: note.isEmpty ? nil : note)
  }
}
