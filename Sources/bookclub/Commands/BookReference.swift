import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `<book>`: an id, an ISBN or words from the title, resolved to one book or a clear error.
enum BookReference {
  /// The book `text` names exactly (its id, its ISBN or its whole title), if one does.
  static func exactly(_ text: String, in library: any BookReading) async throws -> Book? {
    let folded = SearchKey.fold(text)
    let candidates: [Book]
    switch try await library.find(text) {
    case .found(let book): candidates = [book]
    case .ambiguous(let books, _): candidates = books
    case .notFound: return nil
    }
    return candidates.first { book in
      SearchKey.fold(book.title) == folded || String(book.id) == text
        || ISBN(text).map { $0.isbn13 == book.isbn13 } == true
    }
  }

  /// Finds the one book `reference` means.
  ///
  /// - Throws: ``BookReferenceError`` when no book or several books match.
  static func resolve(_ reference: String, in library: any BookReading) async throws -> Book {
    switch try await library.find(reference) {
    case .found(let book): return book
    case .ambiguous(let books, let more):
      throw BookReferenceError.ambiguous(reference, candidates: books, more: more)
    case .notFound: throw BookReferenceError.notFound(reference)
    }
  }
}

/// Why a `<book>` argument does not name one book.
enum BookReferenceError: Error, LocalizedError {
  /// No book has this id or ISBN, and no title has these words.
  case notFound(String)
  /// Several books match equally well.
  case ambiguous(String, candidates: [Book], more: Bool)

  var errorDescription: String? { message(commandLine: nil) }

  /// The message, with a command to copy for an ambiguous reference: the command line that
  /// was run with the first candidate's id for the reference, else `bookclub show <id>`.
  ///
  /// - Parameter arguments: The command line after the program name, if known.
  func message(commandLine arguments: [String]?) -> String {
    switch self {
    case .notFound(let reference):
      return "No book matches '\(reference)'. To look for it: bookclub list --search "
        + ShellQuoting.quote(reference)
    case .ambiguous(let reference, let candidates, let more):
      let width = candidates.map { String($0.id).count }.max() ?? 1
      let lines = candidates.map { book in
        let id = String(book.id)
        return "  " + String(repeating: " ", count: width - id.count) + id
          + "  \(book.shownTitle) — \(book.shownAuthors)"
      }
      let others = more ? ["  ... and more; narrow it down or use bookclub list --search"] : []
      let example = Self.example(arguments, reference: reference, id: candidates[0].id)
      return
        (["'\(reference)' matches several books:"] + lines + others
        + ["Use the id instead, for example: \(example)"]).joined(separator: "\n")
    }
  }

  /// `arguments` with `id` for the word that was `reference`, quoted for a shell.
  private static func example(_ arguments: [String]?, reference: String, id: Book.ID) -> String {
    guard var arguments, let index = arguments.firstIndex(of: reference) else {
      return "bookclub show \(id)"
    }
    arguments[index] = String(id)
    return (["bookclub"] + arguments.map(ShellQuoting.quote)).joined(separator: " ")
  }
}
