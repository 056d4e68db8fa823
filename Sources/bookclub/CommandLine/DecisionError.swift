import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A decision only the reader can make is missing, and nobody can be asked (no terminal):
/// the command changes nothing and exits ``ExitCode/needsDecision``, whichever decision it
/// is, so a script tells "say more" from "it failed".
enum DecisionError: Error, LocalizedError {
  /// Something that cannot be taken back, asked at a terminal, needs `--force` elsewhere.
  case needsForce(String)
  /// A finished or abandoned book's new progress: a re-read, or the same reading?
  case rereadUndecided(String, status: ReadingStatus)
  /// `status <status>` with a book selected: the selected book's, or a list of that status?
  case statusWithoutBook(ReadingStatus, selected: String)
  /// The selection would turn the first argument, which names a book, into something else.
  case ambiguousWithSelection(String, book: String, selected: String, alternatives: [String])

  var errorDescription: String? {
    switch self {
    case .needsForce(let question):
      "\(question) There is no terminal to ask at; pass --force to do it anyway."
    case .rereadUndecided(let title, let status):
      "“\(title)” is \(status.displayName). Say whether this is a re-read with --reread (a new "
        + "reading), or --no-reread (the last reading goes on). Nothing was recorded."
    case .statusWithoutBook(let status, let selected):
      "'bookclub status \(status.rawValue)' names no book. To mark the selected book “\(selected)” "
        + "\(status.displayName), run 'bookclub status \(status.rawValue) --force' (or name it); "
        + "'bookclub list --status \(status.rawValue)' lists your \(status.displayName) books. "
        + "Nothing was changed."
    case .ambiguousWithSelection(let word, let book, let selected, let alternatives):
      "'\(word)' names the book “\(book)”, and it would be taken as text for the selected book "
        + "“\(selected)”. Say which you mean: " + alternatives.joined(separator: " or ")
    }
  }
}
