import ReadingModel

extension Bookclub.Series {
  /// `bookclub series add <book> <name> [<place>]`
  struct Add: ParsableCommand {
    static let nameArgument = RequiredArgument(
      name: "name", help: "The series: a name of its own (give the place apart).",
      completion: .series)
    static let placeArgument = OptionalArgument(
      name: "place",
      help:
        "Where in it: 1, 1.5 (between the first and the second), 0 (a prequel), 1-3 (an omnibus).")

    static let signature = CommandSignature(
      name: "add",
      abstract: "Put a book in a series, or move it to another place in one it is in.",
      arguments: [BookTarget.required, nameArgument, placeArgument],
      options: [CommonOptions.json("Print JSON: {\"book\", \"changes\"}."), LibraryOption.spec])

    let target: BookTarget
    let place: SeriesPlace
    let json: Bool

    init(_ values: ParsedValues) throws(UsageError) {
      target = BookTarget(requiring: values)
      var position: SeriesPosition?
      if let text = values.argument(Self.placeArgument) {
        guard let parsed = SeriesPosition(text) else {
          throw .invalidValue(
            text, for: "<place>",
            allowed: "Give a number from 0 to \(Int(SeriesPosition.largest)): 1, 1.5 or 1-3.")
        }
        position = parsed
      }
      let name = values.argument(Self.nameArgument)
      do {
        place = try SeriesPlace(name: name, position: position)
      } catch {
        // A name of 10,000 characters is not repeated whole.
        throw .invalidValue(
          TerminalText.shortened(name, to: 40), for: "<name>",
          allowed: error.errorDescription ?? "Give the series' name.")
      }
      json = values.flag(CommonOptions.anyJSON)
    }

    func run(_ context: CommandContext) async throws {
      let (book, library) = try await target.resolve(in: context, writing: true)
      let result = try await context.writer(for: library).apply(
        .edit(book.id, .series(adding: [place]))
      ).edited()
      EditReport.print(result, json: json, context: context)
    }
  }

  /// `bookclub series remove <book> <name>`
  struct Remove: ParsableCommand {
    static let nameArgument = RequiredArgument(
      name: "name", help: "The series to take the book out of.", completion: .series)

    static let signature = CommandSignature(
      name: "remove", abstract: "Take a book out of a series.",
      arguments: [BookTarget.required, nameArgument],
      options: [CommonOptions.json("Print JSON: {\"book\", \"changes\"}."), LibraryOption.spec])

    let target: BookTarget
    let name: String
    let json: Bool

    init(_ values: ParsedValues) throws(UsageError) {
      target = BookTarget(requiring: values)
      name = values.argument(Self.nameArgument)
      json = values.flag(CommonOptions.anyJSON)
    }

    func run(_ context: CommandContext) async throws {
      let (book, library) = try await target.resolve(in: context, writing: true)
      let places = try await library.details(of: book.id).series
      let key = SearchKey.fold(name)
      guard places.contains(where: { $0.key == key }) else {
        throw SeriesCommandError.notInSeries(
          book: book.shownTitle, series: name, has: places.map(\.name))
      }
      let result = try await context.writer(for: library).apply(
        .edit(book.id, .series(removing: [name]))
      ).edited()
      EditReport.print(result, json: json, context: context)
    }
  }
}
