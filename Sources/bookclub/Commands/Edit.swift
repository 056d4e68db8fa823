import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub {
  /// `bookclub edit <book> --title ... --pages ...`: fix what a book says.
  struct Edit: ParsableCommand {
    static let signature = CommandSignature(
      name: "edit",
      abstract:
        "Change a book's title, authors, pages, format, length, ISBN, publisher, years or series.",
      discussion: """
        Values are checked as 'bookclub add' checks them. An empty value clears an optional \
        field (--isbn '', --pages '', --length '', --format none). --author replaces the authors (repeat it for each); \
        --add-author adds one. The change is one transaction and goes into the book's \
        history ('bookclub show').
        """,
      arguments: [BookTarget.argument],
      options: [
        title, author, addAuthor, pages, FormatOptions.format, FormatOptions.length, isbn,
        publisher, year, originalYear, added, finished, series, owned,
        CommonOptions.json(
          "Print JSON: {\"book\", \"changes\": [{\"field\", \"before\", \"after\"}]}."),
        LibraryOption.spec,
      ]
    )

    static let title = OptionSpec.value("title", valueName: "title", help: "The new title.")
    static let author = OptionSpec.value(
      "author", short: "a", valueName: "name",
      help: "The authors, replacing them; repeat for each.",
      isRepeating: true)
    static let addAuthor = OptionSpec.value(
      "add-author", valueName: "name", help: "An author to add; repeatable.", isRepeating: true)
    static let pages = OptionSpec.value("pages", valueName: "pages", help: "The number of pages.")
    static let isbn = OptionSpec.value(
      "isbn", valueName: "isbn", help: "The ISBN-10 or ISBN-13, hyphens allowed.")
    static let publisher = OptionSpec.value("publisher", valueName: "name", help: "The publisher.")
    static let owned = OptionSpec.value(
      "owned", valueName: "copies", help: "The copies you own: 0 for none, '' for unknown.")
    static let year = OptionSpec.value(
      "year", valueName: "year", help: "The year this edition was published.")
    static let originalYear = OptionSpec.value(
      "original-year", valueName: "year",
      help: "The year the work was first published (-725 for 725 BC).")

    static let added = OptionSpec.value(
      "added", valueName: "date", help: "The day the book was added: \(DateOption.forms).")
    static let finished = OptionSpec.value(
      "finished", valueName: "date",
      help: "The day the last reading of a finished book ended: \(DateOption.forms).")

    let target: BookTarget
    /// The day the last reading ended, to set.
    let finishDay: CalendarDay?
    /// The fields given, in canonical form (empty clears).
    let fields: BookFields
    let addedAuthors: [String]
    let json: Bool

    init(_ values: ParsedValues) throws(UsageError) {
      target = BookTarget(values)
      json = values.flag(CommonOptions.anyJSON)
      var fields = BookFields()
      if let text = values.string(Self.title) {
        let title = text.collapsingSpaces
        guard title.hasVisibleCharacters else {
          throw .invalidValue(text, for: Self.title.display, allowed: "A book needs a title.")
        }
        fields[.title] = title
      }
      let authors = values.strings(Self.author).map(\.collapsingSpaces)
      if !authors.isEmpty {
        if let blank = authors.first(where: { !$0.hasVisibleCharacters }) {
          throw .invalidValue(blank, for: Self.author.display, allowed: "An author needs a name.")
        }
        fields.setList(.authors, authors)
      }
      addedAuthors = values.strings(Self.addAuthor).map(\.collapsingSpaces).filter(
        \.hasVisibleCharacters)
      if let text = values.string(Self.pages) {
        guard text.isEmpty || (Int(text).map { (1...100_000).contains($0) } ?? false) else {
          throw .invalidValue(
            text, for: Self.pages.display,
            allowed: "Please provide a whole number from 1 to 100000.")
        }
        fields[.pageCount] = text
      }
      if let format = FormatOptions.format(in: values) { fields[.format] = format?.rawValue ?? "" }
      if let length = try FormatOptions.length(in: values, clearable: true) {
        fields[.length] = length?.text ?? ""
      }
      if let text = values.string(Self.isbn) {
        if text.isEmpty {
          fields[.isbn13] = ""
          fields[.isbn10] = ""
        } else {
          guard let isbn = ISBN(text) else {
            throw .invalidValue(
              text, for: Self.isbn.display,
              allowed:
                "An ISBN has 10 or 13 digits (the last of an ISBN-10 may be X) and a valid check digit."
            )
          }
          fields[.isbn13] = isbn.isbn13
          fields[.isbn10] = isbn.isbn10 ?? ""
        }
      }
      if let text = values.string(Self.publisher) { fields[.publisher] = text.collapsingSpaces }
      if let text = values.string(Self.owned) {
        guard text.isEmpty || (Int(text).map(StoredValue.copies.contains) ?? false) else {
          throw .invalidValue(
            text, for: Self.owned.display,
            allowed: "Give a number of copies from 0 to \(StoredValue.copies.upperBound).")
        }
        fields[.owned] = text
      }
      for (option, field) in [
        (Self.year, BookField.editionYear), (Self.originalYear, .originalYear),
      ] {
        guard let text = values.string(option) else { continue }
        guard text.isEmpty || (Int(text).map { (-10_000...10_000).contains($0) } ?? false) else {
          throw .invalidValue(
            text, for: option.display, allowed: "Give a year: 1871, or -725 for 725 BC.")
        }
        fields[field] = text
      }
      if let date = try DateOption.value(Self.added, in: values) {
        fields[.dateAdded] = CalendarDay(local: date).description
      }
      finishDay = try DateOption.value(Self.finished, in: values).map { CalendarDay(local: $0) }
      if let places = try Self.seriesPlaces(in: values) {
        fields.setList(.series, places.map(\.text))
      }
      guard !fields.fields.isEmpty || !addedAuthors.isEmpty || finishDay != nil else {
        throw .invalidValue(
          "", for: "<book>",
          allowed: "Say what to change: --title, --author, --add-author, --pages, --format, "
            + "--length, --isbn, --publisher, --year, --original-year, --added, --finished, "
            + "--series or --owned.")
      }
      self.fields = fields
    }

    func run(_ context: CommandContext) async throws {
      let (book, library) = try await target.resolve(in: context, writing: true)
      var fields = self.fields
      let addedAuthors = self.addedAuthors
      if let finishDay {
        let readings = try await library.details(of: book.id).readings
        fields.setList(.readings, try Self.readings(readings, finishedOn: finishDay, book: book))
      }
      let result = try await context.writer(for: library).apply(
        .edit(book.id, BookEdit(fields: fields, addingAuthors: addedAuthors))
      ).edited()
      EditReport.print(result, json: json, context: context)
    }

    /// `readings` with the last one ended on `day`: only a finished book's, whose last
    /// reading is over (a book being read is finished with `progress set <book> done`).
    private static func readings(
      _ readings: [ReadingPeriod], finishedOn day: CalendarDay, book: Book
    ) throws -> [String] {
      guard book.status == .finished else {
        throw EditDateError.notFinished(book.shownTitle, book.id)
      }
      var readings = readings
      if let last = readings.indices.last, !readings[last].abandoned {
        if let start = readings[last].start, start > day {
          throw EditDateError.finishBeforeStart(start)
        }
        readings[last].end = day
      } else {
        readings.append(ReadingPeriod(end: day))
      }
      return readings.map(\.text)
    }
  }
}

/// Why a reading's finish day cannot be set.
enum EditDateError: Error, LocalizedError {
  case notFinished(String, Book.ID)
  case finishBeforeStart(CalendarDay)

  var errorDescription: String? {
    switch self {
    case .notFinished(let title, let id):
      "“\(title)” is not finished, so no reading of it has a finish day to change. Finish it "
        + "on a day: bookclub progress set \(id) done --at <date>"
    case .finishBeforeStart(let start):
      "The last reading started on \(start); it cannot finish before that."
    }
  }
}

/// What `edit`, `rate` and `tag` say about a change.
@MainActor
enum EditReport {
  /// `{"book", "changes": [{"after", "before", "field"}]}`: what `--json` prints.
  static func jsonFields(_ result: EditResult) -> [String: JSONValue] {
    [
      "book": .raw(BookJSON.object(ListedBook(book: result.book))),
      "changes": .array(
        result.changes.map {
          .object([
            "field": .string($0.field.rawValue), "before": .string($0.before),
            "after": .string($0.after),
          ])
        }),
    ]
  }

  static func print(_ result: EditResult, json: Bool, context: CommandContext) {
    if json {
      context.output.line(JSONValue.object(jsonFields(result)).text)
      return
    }
    guard !result.changes.isEmpty else {
      context.errors.line("Nothing changed: “\(result.book.shownTitle)” already says so.")
      return
    }
    context.output.line("\(result.book.shownTitle) (\(result.book.id)):")
    for change in result.changes {
      context.output.line(
        "  \(change.field.label): \(TerminalText.safe(change.field.display(change.before))) → "
          + TerminalText.safe(change.field.display(change.after)))
    }
  }
}

extension String {
  /// Runs of whitespace made single spaces, trimmed.
  var collapsingSpaces: String {
    split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
  }
}
