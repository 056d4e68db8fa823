import ReadingModel

extension Bookclub {
  /// `bookclub lookup <isbn> [--json]`
  struct Lookup: ParsableCommand {
    static let isbnArgument = RequiredArgument(name: "isbn", help: "An ISBN-10 or ISBN-13.")
    static let jsonFlag = CommonOptions.json(
      "Print JSON: {\"authors\", \"isbn13\", \"pageCount\", \"publisher\", \"series\", \"subjects\", \"title\", \"work\", \"year\"}."
    )

    static let signature = CommandSignature(
      name: "lookup",
      abstract: "What Open Library knows of an ISBN: title, authors, pages, publisher, year.",
      discussion: """
        Asks openlibrary.org (through bookclub-fetch, installed next to bookclub). \
        'bookclub add --isbn <isbn>' without a title fills the book in from it.
        """,
      arguments: [isbnArgument], options: [jsonFlag])

    let isbn: ISBN
    let json: Bool

    init(_ values: ParsedValues) throws(UsageError) {
      let text = values.argument(Self.isbnArgument)
      guard let isbn = ISBN(text) else {
        throw .invalidValue(
          text, for: "<isbn>",
          allowed:
            "An ISBN has 10 or 13 digits (the last of an ISBN-10 may be X) and a valid check digit."
        )
      }
      self.isbn = isbn
      json = values.flag(Self.jsonFlag)
    }

    func run(_ context: CommandContext) async throws {
      guard let book = try OpenLibraryClient(environment: context.environment).book(isbn) else {
        throw LookupError.unknown(isbn.isbn13)
      }
      if json { return context.output.line(Self.json(book).text) }
      for line in Self.lines(book) { context.output.line(line) }
    }

    /// The record as text, every field from the network made safe for the terminal.
    static func lines(_ book: OpenLibraryBook) -> [String] {
      var lines = [TerminalText.safe(book.title)]
      if !book.authors.isEmpty {
        lines.append("by " + book.authors.map { TerminalText.safe($0) }.joined(separator: ", "))
      }
      var facts = ["ISBN \(book.isbn.isbn13)"]
      if let pages = book.pageCount { facts.append("\(pages) pages") }
      if let publisher = book.publisher { facts.append(TerminalText.safe(publisher)) }
      if let year = book.year { facts.append(String(year)) }
      lines.append(facts.joined(separator: " · "))
      if !book.series.isEmpty {
        lines.append(
          "Series: " + book.series.map { TerminalText.safe($0.text) }.joined(separator: ", "))
      }
      if let work = book.work { lines.append("Work: \(work)") }
      if !book.subjects.isEmpty {
        lines.append(
          "Subjects: "
            + book.subjects.prefix(8).map { TerminalText.safe($0) }.joined(separator: ", "))
      }
      return lines
    }

    static func json(_ book: OpenLibraryBook) -> JSONValue {
      .object([
        "isbn13": .string(book.isbn.isbn13), "title": .string(book.title),
        "authors": .array(book.authors.map(JSONValue.string)),
        "pageCount": book.pageCount.map { .integer(Int64($0)) } ?? .null,
        "publisher": book.publisher.map(JSONValue.string) ?? .null,
        "year": book.year.map { .integer(Int64($0)) } ?? .null,
        "subjects": .array(book.subjects.map(JSONValue.string)),
        "series": .array(
          book.series.map {
            .object([
              "name": .string($0.name),
              "position": $0.position.map { .string($0.description) } ?? .null,
            ])
          }),
        "work": book.work.map(JSONValue.string) ?? .null,
      ])
    }
  }
}
