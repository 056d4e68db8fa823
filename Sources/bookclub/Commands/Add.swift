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
        author, pages, FormatOptions.format, FormatOptions.length, isbn, status, duplicate,
        offline,
        CommonOptions.json("Print the new book as JSON instead of its id."), LibraryOption.spec,
      ]
    )

    static let title = OptionalArgument(
      name: "title", help: "The book's title; with --isbn alone, Open Library's.")
    static let author = OptionSpec.value(
      "author", short: "a", valueName: "name",
      help: "An author; repeat for each author (required with a title).", isRepeating: true)
    static let offline = OptionSpec.flag(
      "offline", help: "Never use the network (an --isbn alone then needs a title).")
    static let pages = OptionSpec.value("pages", valueName: "pages", help: "The number of pages.")
    static let isbn = OptionSpec.value(
      "isbn", valueName: "isbn", help: "The ISBN-10 or ISBN-13, hyphens allowed.")
    static let status = OptionSpec.status(
      help: "Where you stand with it.", defaultValue: .wantToRead)
    static let duplicate = OptionSpec.flag(
      "duplicate",
      help: "Add it even though a book with its ISBN, or its title and first author, is there "
        + "(another edition).")

    /// The book as given; `nil` when Open Library is to fill it from the ISBN.
    let book: NewBook?
    let isbn: ISBN?
    let pages: Int?
    let format: BookFormat?
    let length: AudioLength?
    let status: ReadingStatus
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
      self.isbn = isbn
      self.pages = pages
      let length = try FormatOptions.length(in: values, clearable: false) ?? nil
      // A length says it is a recording, unless the format says otherwise.
      let format = FormatOptions.format(in: values) ?? (length == nil ? nil : .audiobook)
      self.format = format
      self.length = length
      status = values.choice(Self.status, as: ReadingStatus.self) ?? .wantToRead
      let title = values.argument(Self.title)
      let authors = values.strings(Self.author)
      if title?.isEmpty ?? true, authors.isEmpty, isbn != nil {
        guard !values.flag(Self.offline) else {
          throw .invalidValue(
            "--offline", for: "<title>",
            allowed: "Give the title and author, or drop --offline to fill them in from the ISBN.")
        }
        book = nil
      } else {
        guard let title else { throw .missingArgument(Self.title.display) }
        guard !authors.isEmpty else { throw .missingArgument(Self.author.display) }
        var book = try Self.book(
          title: title, authors: authors, isbn: isbn, pages: pages, status: status)
        book.format = format
        book.length = length
        self.book = book
      }
      json = values.flag(CommonOptions.anyJSON)
      allowDuplicate = values.flag(Self.duplicate)
      libraryPath = LibraryOption.value(in: values)
    }

    /// A new book as typed.
    static func book(
      title: String, authors: [String], isbn: ISBN?, pages: Int?, status: ReadingStatus
    ) throws(UsageError) -> NewBook {
      do {
        return try NewBook(
          title: title, authors: authors, isbn: isbn, pageCount: pages, status: status)
      } catch .emptyTitle {
        throw .invalidValue(title, for: "<title>", allowed: "A book needs a title.")
      } catch {
        throw .invalidValue(
          authors.joined(separator: ", "), for: Self.author.display,
          allowed: error.errorDescription)
      }
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: libraryPath)
      var book = try self.book ?? filledFromOpenLibrary(context)
      book.format = format ?? book.format
      book.length = length
      let existing = try await library.duplicate(of: book)
      if !allowDuplicate, let existing { throw AddError.duplicate(existing) }
      let added = try await context.writer(for: library).apply(.addBook(book)).bookAfter()
      if json {
        context.output.line(BookJSON.object(ListedBook(book: added)))
      } else {
        context.output.line(String(added.id))
        context.errors.line(
          "Added “\(added.shownTitle)” by \(added.shownAuthors) as book \(added.id).")
      }
      if let existing {
        context.errors.line(
          "note: It looks like book \(existing.id). If it is another edition of the same work, "
            + "link them: bookclub edition link \(existing.id) \(added.id)")
      }
    }
  }
}

extension Bookclub.Add {
  /// The book as Open Library knows its ISBN, with the pages and status given; what was
  /// filled in is said on stderr.
  fileprivate func filledFromOpenLibrary(_ context: CommandContext) throws -> NewBook {
    guard let isbn else { throw UsageError.missingArgument(Self.title.display) }
    let found: OpenLibraryBook?
    do {
      found = try OpenLibraryClient(environment: context.environment).book(isbn)
    } catch let error as FetchError {
      throw AddError.lookupFailed(error, isbn: isbn.isbn13)
    }
    guard let found else { throw LookupError.unknown(isbn.isbn13) }
    let authors = found.authors.isEmpty ? ["Unknown"] : found.authors
    var book: NewBook
    do {
      book = try Self.book(
        title: found.title, authors: authors, isbn: isbn, pages: pages ?? found.pageCount,
        status: status)
    } catch {
      // Open Library's record, not the command line, lacks a title one can see.
      throw AddError.unusableRecord(isbn: isbn.isbn13)
    }
    // Two books of one Open Library work are editions of it at once.
    book.work = found.work
    book.format = book.format ?? found.format
    book.series = found.series
    let pages = book.pageCount.map { ", \($0) pages" } ?? ""
    context.errors.line(
      "Filled in from Open Library: “\(TerminalText.safe(book.title))” by "
        + authors.map { TerminalText.safe($0) }.joined(separator: ", ") + pages + ".")
    return book
  }
}

/// Why `add` added nothing.
enum AddError: Error, LocalizedError {
  /// The library has the book already (same ISBN, or same title and first author).
  case duplicate(Book)
  /// Open Library could not be asked for the details of an `--isbn` given alone.
  case lookupFailed(FetchError, isbn: String)
  /// Open Library's record of the ISBN has no title or author that can be shown.
  case unusableRecord(isbn: String)

  var errorDescription: String? {
    switch self {
    case .unusableRecord(let isbn):
      "Open Library's record of \(isbn) has no title or author one can see; nothing was added. "
        + "Give them yourself: bookclub add <title> --author <name> --isbn \(isbn) --offline"
    case .lookupFailed(let error, let isbn):
      error.explanation + " Or give the details yourself: bookclub add <title> --author <name> "
        + "--isbn \(isbn) --offline"
    case .duplicate(let book):
      "The library already has “\(book.title)” by \(book.authors.joined(separator: ", ")) as book "
        + "\(book.id). Nothing was added. To add another edition anyway, pass --duplicate."
    }
  }
}
