import ReadingModel

extension Bookclub {
  /// `bookclub add`: a new book in the library.
  struct Add: ParsableCommand {
    static let signature = CommandSignature(
      name: "add",
      abstract: "Add a book to your library and print its id.",
      arguments: [ArgumentSpec(name: "title", help: "The book's title.")],
      options: [
        .value(
          "author", short: "a", valueName: "name",
          help: "An author; repeat for each author.", isRequired: true, isRepeating: true),
        .value("pages", valueName: "pages", help: "The number of pages."),
        .value("isbn", valueName: "isbn", help: "The ISBN-10 or ISBN-13, hyphens allowed."),
        .value(
          "status", valueName: "status", help: "Where you stand with it.",
          defaultValue: ReadingStatus.wantToRead.rawValue,
          allowedValues: ReadingStatus.allCases.map(\.rawValue)),
        .flag("json", help: "Print the new book as JSON instead of its id."),
        LibraryOption.spec,
      ]
    )

    let book: NewBook
    let json: Bool
    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      let pages = try values.integer("pages", in: 1...100_000)
      var isbn: ISBN?
      if let text = values.string("isbn") {
        guard let parsed = ISBN(text) else {
          throw .invalidValue(
            text, for: values.display("isbn"),
            allowed:
              "An ISBN has 10 or 13 digits (the last of an ISBN-10 may be X) and a valid check digit."
          )
        }
        isbn = parsed
      }
      do {
        book = try NewBook(
          title: values.argument("title") ?? "", authors: values.strings("author"), isbn: isbn,
          pageCount: pages,
          status: values.choice("status", as: ReadingStatus.self) ?? .wantToRead)
      } catch .emptyTitle {
        throw .invalidValue(
          values.argument("title") ?? "", for: "<title>", allowed: "A book needs a title.")
      } catch {
        throw .invalidValue(
          values.strings("author").joined(separator: ", "), for: values.display("author"),
          allowed: error.errorDescription)
      }
      json = values.flag("json")
      libraryPath = LibraryOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      let added = try await context.library(flag: libraryPath).add(book)
      if json {
        context.output.line(BookJSON.object(ListedBook(book: added)))
      } else {
        context.output.line(String(added.id))
        context.errors.line(
          "Added “\(added.shownTitle)” by \(added.shownAuthors) as book \(added.id).")
      }
    }
  }
}
