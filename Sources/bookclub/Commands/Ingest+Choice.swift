import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub.Ingest {
  /// Whether to ask, for each device book that matches none of the library's, what it is:
  /// only when a person is at a terminal to answer, and the ingest will write.
  func asksForUnmatched(_ context: CommandContext) -> Bool {
    context.terminal.isInputTerminal && context.terminal.isErrorTerminal && !json
      && !options.dryRun
  }

  /// Asks at the terminal about each device book that matches none of the library's: add
  /// it (the default, or with `--match-only` leave it out), leave it out, or name the book
  /// it is (id, ISBN or title words, as `--map` takes them).
  ///
  /// - Returns: The options with the answers in them.
  /// - Throws: `CancellationError` for Ctrl-C or the end of input (nothing was changed).
  @MainActor
  func choosingUnmatched(
    _ readings: [DeviceReading], options: ImportOptions, in library: SQLiteLibrary,
    context: CommandContext
  ) async throws -> ImportOptions {
    var trial = options
    (trial.dryRun, trial.addUnmatched) = (true, false)
    let deviceName = self.deviceName
    let summary = try await library.importBooks(
      from: { DeviceImportSource(readings, name: deviceName) }, options: trial, progress: nil)
    let unmatched = summary.notMatched.filter { $0.reason == NotMatchedBook.matchesNone }
    guard !unmatched.isEmpty else { return options }
    let books = Dictionary(
      readings.flatMap(\.books).map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    var chosen = options
    let errors = context.errors
    errors.line(
      "\(unmatched.count) of the device's books \(unmatched.count == 1 ? "matches" : "match") "
        + "none of yours.")
    for book in unmatched {
      errors.line(Self.described(book, device: books[book.key]))
      let keys =
        options.addUnmatched ? "Enter: add it · s: leave it out" : "Enter: leave it out · a: add it"
      while true {
        guard
          let answer = await TerminalLine.ask(
            "  \(keys) · or your book's id, ISBN or title words: ", on: errors)
        else {
          errors.line("Ingest cancelled; nothing was changed.")
          throw CancellationError()
        }
        switch answer.lowercased() {
        case "": if options.addUnmatched { break } else { chosen.leftOut.insert(book.key) }
        case "a", "add": chosen.addedAnyway.insert(book.key)
        case "s", "skip": chosen.leftOut.insert(book.key)
        default:
          do {
            let yours = try await BookReference.resolve(answer, in: library)
            chosen.chosen[book.key] = yours.id
            errors.line("  → “\(yours.shownTitle)” (\(yours.id))")
          } catch {
            errors.line("  " + error.explanation)
            continue
          }
        }
        break
      }
    }
    return chosen
  }

  /// `“Piranesi” by Susanna Clarke (kindle, 3 highlights, 2 sessions)`, escaped.
  private static func described(_ book: NotMatchedBook, device: DeviceBook?) -> String {
    let authors = book.authors.isEmpty ? "" : " by " + book.authors.joined(separator: ", ")
    var carried = [book.place]
    if book.highlights > 0 {
      carried.append("\(book.highlights) highlight\(book.highlights == 1 ? "" : "s")")
    }
    if let sessions = device?.sessions.count, sessions > 0 {
      carried.append("\(sessions) session\(sessions == 1 ? "" : "s")")
    }
    return TerminalText.safe(
      "“\(book.title)”\(authors) (\(carried.joined(separator: ", ")))")
  }
}
