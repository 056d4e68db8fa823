import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub.Edition {
  /// `bookclub edition link <book> <other>`
  struct Link: ParsableCommand {
    static let otherArgument = RequiredArgument(
      name: "other", help: "The book that is another edition of the same work.",
      completion: .book)

    static let signature = CommandSignature(
      name: "link",
      abstract: "Make a book another edition of the same work as the first book.",
      discussion: """
        The other book leaves the work it was in, if any. Both changes are written in one \
        transaction; 'undo' takes back one book's link at a time.
        """,
      arguments: [BookTarget.required, otherArgument],
      options: [
        CommonOptions.json("Print JSON: the editions, as 'edition --json'."), LibraryOption.spec,
      ])

    let target: BookTarget
    let other: String
    let json: Bool

    init(_ values: ParsedValues) throws(UsageError) {
      target = BookTarget(requiring: values)
      other = values.argument(Self.otherArgument)
      json = values.flag(CommonOptions.anyJSON)
    }

    func run(_ context: CommandContext) async throws {
      let (book, library) = try await target.resolve(in: context, writing: true)
      let other = try await BookReference.resolve(self.other, in: library)
      guard other.id != book.id else { throw WorkLinkError.itself }
      let results = try await context.writer(for: library).applyEach([
        .edit(book.id, .work(.own)), .edit(other.id, .work(.sameAs(book.id))),
      ])
      for case .failure(let error) in results { throw error }
      let editions = try await library.editions(of: book.id)
      if json {
        let books = ([book] + editions).map { JSONValue.raw(BookJSON.object(ListedBook(book: $0))) }
        return context.output.line(JSONValue.array(books).text)
      }
      context.output.line(
        "“\(other.shownTitle)” (\(other.id)) is an edition of the same work as "
          + "“\(book.shownTitle)” (\(book.id)): \(editions.count + 1) editions.")
    }
  }

  /// `bookclub edition unlink <book>`
  struct Unlink: ParsableCommand {
    static let signature = CommandSignature(
      name: "unlink", abstract: "Take a book out of the work it is an edition of.",
      arguments: [BookTarget.required], options: [LibraryOption.spec])

    let target: BookTarget

    init(_ values: ParsedValues) throws(UsageError) {
      target = BookTarget(requiring: values)
    }

    func run(_ context: CommandContext) async throws {
      let (book, library) = try await target.resolve(in: context, writing: true)
      let result = try await context.writer(for: library).apply(.edit(book.id, .work(.none)))
        .edited()
      guard !result.changes.isEmpty else { throw EditionCommandError.notLinked(book.shownTitle) }
      context.output.line("“\(book.shownTitle)” (\(book.id)) is an edition of no work now.")
    }
  }
}

/// Why an `edition` command could not do what was asked.
enum EditionCommandError: Error, LocalizedError {
  /// The book to unlink is an edition of no work.
  case notLinked(String)

  var errorDescription: String? {
    switch self {
    case .notLinked(let title): "“\(title)” is linked to no work: there is nothing to unlink."
    }
  }
}
