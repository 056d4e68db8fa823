import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub {
  /// `bookclub add`: a new book in the library.
  struct Add: ParsableCommand {
    static let signature = CommandSignature(
      name: "add",
      abstract: "Add a book to your library and print its id.",
      arguments: [title],
      options: [
        author, pages, isbn, status, duplicate,
        CommonOptions.json("Print the new book as JSON instead of its id."), LibraryOption.spec,
      ]
    )

    static let title = ArgumentSpec(name: "title", help: "The book's title.")
    static let author = OptionSpec.value(
      "author", short: "a", valueName: "name", help: "An author; repeat for each author.",
      isRequired: true, isRepeating: true)
    static let pages = OptionSpec.value("pages", valueName: "pages", help: "The number of pages.")
    static let isbn = OptionSpec.value(
      "isbn", valueName: "isbn", help: "The ISBN-10 or ISBN-13, hyphens allowed.")
    static let status = OptionSpec.value(
      "status", valueName: "status", help: "Where you stand with it.",
      defaultValue: ReadingStatus.wantToRead.rawValue,
      allowedValues: ReadingStatus.allCases.map(\.rawValue))
    static let duplicate = OptionSpec.flag(
      "duplicate",
      help: "Add it even though a book with its ISBN, or its title and first author, is there "
        + "(another edition).")

    let book: NewBook
    let json: Bool
    let allowDuplicate: Bool
    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      let pages = try values.integer(Self.pages, in: 1...100_000)
      var isbn: ISBN?
      if let text = values.string(Self.isbn) {
        guard let parsed = ISBN(text) else {
          throw .invalidValue(
            text, for: Self.isbn.display,
            allowed:
              "An ISBN has 10 or 13 digits (the last of an ISBN-10 may be X) and a valid check digit."
          )
        }
        isbn = parsed
      }
      do {
        book = try NewBook(
          title: values.argument(Self.title) ?? "", authors: values.strings(Self.author),
          isbn: isbn, pageCount: pages,
          status: values.choice(Self.status, as: ReadingStatus.self) ?? .wantToRead)
      } catch .emptyTitle {
        throw .invalidValue(
          values.argument(Self.title) ?? "", for: "<title>", allowed: "A book needs a title.")
      } catch {
        throw .invalidValue(
          values.strings(Self.author).joined(separator: ", "), for: Self.author.display,
          allowed: error.errorDescription)
      }
      json = values.flag(CommonOptions.anyJSON)
      allowDuplicate = values.flag(Self.duplicate)
      libraryPath = LibraryOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: libraryPath)
      if !allowDuplicate, let existing = try await library.duplicate(of: book) {
        throw AddError.duplicate(existing)
      }
      let added = try await library.add(book)
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

/// Why `add` added nothing.
enum AddError: Error, LocalizedError {
  /// The library has the book already (same ISBN, or same title and first author).
  case duplicate(Book)

  var errorDescription: String? {
    switch self {
    case .duplicate(let book):
      "The library already has “\(book.title)” by \(book.authors.joined(separator: ", ")) as book "
        + "\(book.id). Nothing was added. To add another edition anyway, pass --duplicate."
    }
  }
}
