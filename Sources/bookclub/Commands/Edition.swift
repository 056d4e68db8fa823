import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub {
  /// `bookclub edition <book>`: the editions of a book's work; `edition link` and
  /// `edition unlink` tie books together as editions of one work, or part them.
  struct Edition: CommandGroup {
    static let jsonFlag = CommonOptions.json(
      "Print JSON: [book, ...], the book first, then its other editions by id.")

    static let signature = CommandSignature(
      name: "edition",
      abstract: "The editions of a book's work: a paperback, its audiobook, a translation.",
      discussion: """
        A book is an edition. 'edition link <book> <other>' makes the other book an edition \
        of the same work (the audiobook you listened to of the paperback you own); 'edition \
        unlink <book>' takes a book out of its work. 'show' names a book's other editions, \
        and 'stats' counts readings of one work's editions that overlap as one ('stats \
        --editions' counts each).
        """,
      arguments: [BookTarget.argument], options: [jsonFlag, LibraryOption.spec],
      subcommands: [Link.self, Unlink.self])

    let target: BookTarget?
    let json: Bool

    init() {
      target = nil
      json = false
    }

    init(_ values: ParsedValues) throws(UsageError) {
      target = BookTarget(values)
      json = values.flag(Self.jsonFlag)
    }

    func run(_ context: CommandContext) async throws {
      guard let target else { throw UsageError.missingBook }
      let (book, library) = try await target.resolve(in: context)
      let editions = try await library.editions(of: book.id)
      if json {
        let books = ([book] + editions).map { JSONValue.raw(BookJSON.object(ListedBook(book: $0))) }
        return context.output.line(JSONValue.array(books).text)
      }
      for line in EditionReport.lines(book, editions: editions) { context.output.line(line) }
      if editions.isEmpty {
        context.errors.line(
          "It is linked to no other edition. 'bookclub edition link \(book.id) <book>' links one.")
      }
    }
  }
}

/// The editions of a work as lines: `Middlemarch (1) · paper · 880 pages · reading`.
enum EditionReport {
  static func lines(_ book: Book, editions: [Book]) -> [String] {
    ([book] + editions).map { line($0) }
  }

  /// One edition: its title and id, its format and extent, its status.
  static func line(_ book: Book) -> String {
    var parts = ["\(book.shownTitle) (\(book.id))"]
    if let format = book.format { parts.append(format.name) }
    switch book.extent {
    case .pages(let pages): parts.append("\(pages) pages")
    case .time(let length): parts.append(length.text)
    case .unknown: break
    }
    parts.append(book.status.displayName)
    return parts.joined(separator: " · ")
  }
}
