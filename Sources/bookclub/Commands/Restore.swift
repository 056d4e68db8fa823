import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub {
  /// `bookclub restore <book-or-trash-id>`
  struct Restore: ParsableCommand {
    static let signature = CommandSignature(
      name: "restore",
      abstract: "Bring a book back from the trash, under its own id.",
      arguments: [bookArgument],
      options: [CommonOptions.json("Print JSON: the book restored."), LibraryOption.spec]
    )

    static let bookArgument = RequiredArgument(
      name: "book", help: "The trash number, the book's old id, or words from its title.",
      completion: .trashed)

    let reference: String
    let json: Bool
    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      reference = values.argument(Self.bookArgument)
      json = values.flag(CommonOptions.anyJSON)
      libraryPath = LibraryOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: libraryPath)
      let trash = try await library.trash(at: Date())
      let folded = SearchKey.fold(reference)
      let matches =
        trash.filter { String($0.bookID) == reference }.nonEmpty
        ?? trash.filter { String($0.trashID) == reference }.nonEmpty
        ?? trash.filter { SearchKey.fold($0.title).contains(folded) }
      guard matches.count == 1, let item = matches.first else {
        throw TrashError.noSingleMatch(reference, candidates: matches)
      }
      let book = try await context.writer(for: library).apply(
        .restoreFromTrash(trashID: item.trashID, at: Date())
      ).bookAfter()
      let latest = try await library.progress(of: book.id).positions.last?.progress
      context.output.line(
        json ? BookJSON.object(ListedBook(book: book, progress: latest)) : String(book.id))
      context.errors.line("Restored “\(book.shownTitle)” as book \(book.id).")
    }
  }
}

extension Array {
  /// The array, or `nil` when it is empty.
  fileprivate var nonEmpty: Self? { isEmpty ? nil : self }
}

/// Why `restore` restored nothing.
enum TrashError: Error, LocalizedError {
  /// No book in the trash, or several, match.
  case noSingleMatch(String, candidates: [TrashedBook])

  var errorDescription: String? {
    switch self {
    case .noSingleMatch(let reference, let candidates) where candidates.isEmpty:
      "Nothing in the trash matches '\(reference)'. 'bookclub trash' lists what it holds."
    case .noSingleMatch(let reference, let candidates):
      (["'\(reference)' matches several books in the trash; give its number:"]
        + candidates.map { "  \($0.trashID)  \($0.title)" }).joined(separator: "\n")
    }
  }
}
