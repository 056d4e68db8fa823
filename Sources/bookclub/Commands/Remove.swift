import Foundation
import ReadingModel

extension Bookclub {
  /// `bookclub remove <book>`: to the trash, for 30 days.
  struct Remove: ParsableCommand {
    static let signature = CommandSignature(
      name: "remove",
      abstract: "Move a book, with its entries and notes, to the trash for 30 days.",
      discussion: "Asks first at a terminal; elsewhere it needs --force. 'bookclub restore' brings it back.",
      arguments: [BookTarget.required],
      options: [CommonOptions.force("Remove without asking."), LibraryOption.spec]
    )

    let target: BookTarget
    let force: Bool

    init(_ values: ParsedValues) throws(UsageError) {
      target = BookTarget(values, argument: BookTarget.required)
      force = values.flag(CommonOptions.anyForce)
    }

    func run(_ context: CommandContext) async throws {
      let (book, library) = try await target.resolve(in: context)
      let question = "Move “\(book.shownTitle)” (\(book.id)) to the trash? It stays there 30 days."
      guard try Confirmation.confirm(question, force: force, context: context) else { return }
      let trashed = try await library.remove(book.id, at: Date())
      context.output.line(String(trashed.trashID))
      context.errors.line(
        "Moved “\(book.shownTitle)”"
          + (trashed.entries == 0
            ? "" : " and its \(trashed.entries) \(trashed.entries == 1 ? "entry" : "entries")")
          + " to the trash. "
          + "To bring it back: bookclub restore \(trashed.trashID)")
    }
  }

  /// `bookclub restore <book-or-trash-id>`
  struct Restore: ParsableCommand {
    static let signature = CommandSignature(
      name: "restore",
      abstract: "Bring a book back from the trash, under its own id.",
      arguments: [
        ArgumentSpec(
          name: "book", help: "The trash number, the book's old id, or words from its title.",
          completion: .trashed)
      ],
      options: [LibraryOption.spec]
    )

    let reference: String
    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      reference = values.argument(Self.signature.arguments[0]) ?? ""
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
      let book = try await library.restoreFromTrash(item.trashID, at: Date())
      context.output.line(String(book.id))
      context.errors.line("Restored “\(book.shownTitle)” as book \(book.id).")
    }
  }

  /// `bookclub trash`
  struct Trash: ParsableCommand {
    static let signature = CommandSignature(
      name: "trash",
      abstract: "List the books in the trash, and when each goes for good.",
      options: [
        CommonOptions.json("Print JSON: [{\"trash\", \"book\", \"title\", \"removed\", \"expires\", \"entries\"}]."),
        LibraryOption.spec,
      ]
    )

    let json: Bool
    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      json = values.flag(CommonOptions.anyJSON)
      libraryPath = LibraryOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      let trash = try await context.library(flag: libraryPath).trash(at: Date())
      if json {
        context.output.line(
          JSONOutput.array(
            trash.map {
              .object([
                "trash": .int($0.trashID), "book": .int($0.bookID), "title": .string($0.title),
                "removed": .date($0.removed), "expires": .date($0.expires),
                "entries": .int(Int64($0.entries)),
              ])
            }
          ).text)
        return
      }
      guard !trash.isEmpty else {
        context.errors.line("The trash is empty.")
        return
      }
      context.output.line(
        TextStyle.bold.apply("NO  BOOK  REMOVED     GONE AFTER  TITLE", enabled: context.terminal.colorsOutput))
      for item in trash {
        context.output.line(
          [
            String(item.trashID).padding(toLength: 2, withPad: " ", startingAt: 0),
            String(item.bookID).padding(toLength: 4, withPad: " ", startingAt: 0),
            DateText.day(item.removed), DateText.day(item.expires), TerminalText.safe(item.title),
          ].joined(separator: "  "))
      }
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
