import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub {
  /// `bookclub ingest <path>`: an e-reader's highlights and positions in.
  struct Ingest: ParsableCommand {
    static let signature = CommandSignature(
      name: "ingest",
      abstract: "Bring in what an e-reader recorded: sessions, highlights, notes, where you are.",
      discussion: """
        Give the folder an e-reader is mounted at, or one of its files: KOReader's \
        statistics.sqlite3 (page turns become reading sessions) and its books' .sdr \
        sidecars (status, rating, highlights), a Kobo's .kobo/KoboReader.sqlite (status, \
        position, rating, highlights, time spent), a Kindle's documents/My Clippings.txt \
        (English, German, French, Spanish, Italian, Portuguese, Japanese or Chinese). The \
        device's files are only read: databases opened read-only, sidecars parsed as data, \
        never run. Like an import, the ingest is one transaction, and 'undo' takes \
        it back whole. A book of the device is found by ISBN where the device knows one, \
        else by title and first author (a series or edition note after the title is \
        ignored); one that matches none of yours is added as an e-book, or with \
        --match-only listed instead; --map names the book for one it cannot match, and at a \
        terminal you are asked about each one. What the \
        device says is merged three ways with its last ingest: what you changed here is \
        never overwritten; a position moves you only forward. Ingesting the same files again \
        changes nothing; a highlight or session you removed here stays removed.
        """,
      arguments: [pathArgument],
      options: [
        map, matchOnly, device, Import.prefer, share, dryRun,
        CommonOptions.json("Print the summary as JSON on stdout."), LibraryOption.spec,
      ]
    )

    static let pathArgument = RequiredArgument(
      name: "path", help: "A mounted e-reader's folder, or one of its files.", completion: .file)
    static let map = OptionSpec.value(
      "map", valueName: "title=book",
      help: "The device's book of that title is this book of yours (id, ISBN or title words). "
        + "Repeatable.",
      isRepeating: true)
    static let matchOnly = OptionSpec.flag(
      "match-only", help: "Add no book: list the device's books that match none of yours.")
    static let device = OptionSpec.value(
      "device", valueName: "name",
      help: "A name for this device, when you have more than one of its kind.")
    static let share = OptionSpec.flag(
      "share",
      help: "Share the highlights it adds with the clubs reading their books (each shown to a "
        + "member once they have read as far).")
    static let dryRun = OptionSpec.flag(
      "dry-run", help: "Show every book, highlight and position it would bring in; change nothing.")

    let path: String
    let maps: [(title: String, book: String)]
    let deviceName: String?
    let options: ImportOptions
    let json: Bool
    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      path = values.argument(Self.pathArgument)
      guard !path.isEmpty else {
        throw .invalidValue(
          path, for: "<path>", allowed: "Please give a mounted e-reader's folder or a file of it.")
      }
      maps = try Self.maps(values.strings(Self.map))
      deviceName = try values.string(Self.device).map(Self.checkedName)
      var options = ImportOptions(
        dryRun: values.flag(Self.dryRun),
        prefer: values.choice(Import.prefer, as: MergePreference.self) ?? .library,
        origin: PathName.lastComponent(of: path))
      options.addUnmatched = !values.flag(Self.matchOnly)
      options.shareHighlights = values.flag(Self.share)
      self.options = options
      json = values.flag(CommonOptions.anyJSON)
      libraryPath = LibraryOption.value(in: values)
    }

    /// Reads `--map TITLE=BOOK` values (the last `=` splits: titles may hold one).
    static func maps(_ values: [String]) throws(UsageError) -> [(title: String, book: String)] {
      try values.map { value throws(UsageError) in
        guard let equals = value.lastIndex(of: "="),
          case let title = value[..<equals].trimmingWhitespace(), !title.isEmpty,
          case let book = value[value.index(after: equals)...].trimmingWhitespace(), !book.isEmpty
        else {
          throw .invalidValue(
            value, for: map.display,
            allowed: "Please write TITLE=BOOK: the title as the device names it, then your book's "
              + "id, ISBN or title words.")
        }
        return (title, book)
      }
    }

    /// A device name: letters, digits, `-` and `_`, as it becomes part of a source's name.
    static func checkedName(_ name: String) throws(UsageError) -> String {
      guard !name.isEmpty, name.count <= 40,
        name.unicodeScalars.allSatisfy({
          $0.isASCII
            && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
        })
      else {
        throw .invalidValue(
          name, for: device.display,
          allowed: "Please use up to 40 letters, digits, '-' or '_' (e.g. 'paperwhite').")
      }
      return name
    }

    func run(_ context: CommandContext) async throws {
      let absolute = UserFolder.absolute(path, environment: context.environment)
      let found = try DeviceFiles.find(at: absolute)
      let readings = try DeviceFiles.read(found, zone: .current, now: Date())
      let library = context.library(flag: libraryPath)
      var chosenOptions = self.options
      chosenOptions.chosen = try await chosen(readings, in: library)
      if asksForUnmatched(context) {
        chosenOptions = try await choosingUnmatched(
          readings, options: chosenOptions, in: library, context: context)
      }
      let options = chosenOptions
      let summary: ImportSummary
      let deviceName = self.deviceName
      do {
        let writer = context.writer(for: library)
        summary = try await InterruptHandler.cancellable {
          try await writer.importBooks(
            from: { DeviceImportSource(readings, name: deviceName) }, options: options,
            progress: nil)
        }
      } catch is CancellationError {
        context.errors.line("Ingest cancelled; nothing was changed.")
        throw CancellationError()
      }
      InterruptHandler.ignoreFromNowOn()  // committed: the exit status is success
      if json {
        context.output.line(ImportReport.json(summary).text)
      } else {
        ImportReport.print(summary, file: path, to: context.errors)
      }
    }

    /// The books `--map` names, by the keys of the device's books they are for.
    ///
    /// - Throws: ``UsageError`` for a title no book of the device has;
    ///   ``BookReferenceError`` for a book that is not in the library.
    private func chosen(_ readings: [DeviceReading], in library: SQLiteLibrary) async throws
      -> [String: Book.ID]
    {
      var chosen: [String: Book.ID] = [:]
      let books = readings.flatMap(\.books)
      for (title, reference) in maps {
        let wanted = MatchKey.fullTitle(title)
        let matching = books.filter {
          MatchKey.fullTitle($0.title) == wanted || $0.title == title
        }
        guard !matching.isEmpty else {
          throw UsageError.invalidValue(
            "\(title)=\(reference)", for: Self.map.display,
            allowed: "No book of the device is titled '\(title)'. "
              + "'bookclub ingest --dry-run' lists them.")
        }
        let book = try await BookReference.resolve(reference, in: library)
        for match in matching { chosen[match.key] = book.id }
      }
      return chosen
    }
  }
}
