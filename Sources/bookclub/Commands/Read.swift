import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Bookclub {
  /// `bookclub read <book> [--since HH:MM]`: a reading session timed at the terminal.
  struct Read: ParsableCommand {
    static let since = OptionSpec.value(
      "since", valueName: "HH:MM", help: "You began earlier, at this time today: count from it.")

    static let signature = CommandSignature(
      name: "read",
      abstract: "Time a reading session: Enter (or Ctrl-C) stops it and asks the page.",
      discussion: """
        The time read so far is shown while you read. When you stop, the page you reached \
        (or nothing: Enter) is asked, and the session is logged as 'bookclub session' \
        logs one: a page further on than your newest position moves you there. A session \
        under a minute is not logged. It needs a terminal; elsewhere, log a session with \
        'bookclub session <book> 45m'.
        """,
      arguments: [BookTarget.required],
      options: [since, LibraryOption.spec])

    let target: BookTarget
    let since: Int?

    init(_ values: ParsedValues) throws(UsageError) {
      target = BookTarget(requiring: values)
      since = try Bookclub.Session.clock(values, Self.since)
    }

    func run(_ context: CommandContext) async throws {
      guard context.terminal.isInputTerminal, context.terminal.isErrorTerminal else {
        throw ReadError.needsTerminal
      }
      let (book, library) = try await target.resolve(in: context, writing: true)
      let now = Date()
      var start = now
      if let since {
        start = LocalTime(day: LocalTime(now).day, minuteOfDay: since).date() ?? now
        // Later today by hours is last night's (21:10 given at 00:20); by less, a time not
        // come yet: refused, not read as a day's reading.
        if start > now {
          guard start.timeIntervalSince(now) > 6 * 3600 else {
            throw UsageError.invalidValue(
              DateText.minute(start).suffix(5).description, for: Self.since.display,
              allowed: "Give when you started: a time before now.")
          }
          start = start.addingTimeInterval(-86_400)
        }
      }
      let progress = try await library.progress(of: book.id)
      let current = progress.currentFraction(status: book.status)
      let errors = context.errors
      errors.line(
        "Reading “\(book.shownTitle)” from \(ProgressText.position(current, of: book)), "
          + "since \(DateText.minute(start).dropFirst(11)). Enter stops the timer.")
      _ = await TerminalLine.wait(since: start) { seconds in
        let text = "\r  " + ReadingTimer.clock(seconds) + " "
        _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
      }
      let end = Date()
      errors.line("")
      let seconds = Int(end.timeIntervalSince(start).rounded())
      guard seconds >= 60 else {
        errors.line("Stopped after \(seconds) seconds: not logged (a session is a minute or more).")
        return
      }
      let reached = await askPage(of: book, errors: errors)
      let session = try Bookclub.Session.session(
        of: book, from: start, to: end, pagesRead: nil, pageReached: reached, current: current)
      try await Bookclub.Session.log(session, of: book, in: library, json: false, context: context)
    }

    /// Asks the page reached until it is one of the book's, or nothing; Ctrl-C skips it, and
    /// the session is logged without a page.
    private func askPage(of book: Book, errors: TextOutput) async -> Int? {
      while true {
        guard let text = await TerminalLine.ask("Page you reached (Enter to skip): ", on: errors)
        else { return nil }
        if text.isEmpty { return nil }
        if let page = Int(text), page >= 0,
          page <= (book.pageCount ?? StoredValue.pageCounts.upperBound)
        {
          return page
        }
        errors.line(
          "'\(TerminalText.shortened(TerminalText.safe(text), to: 20))' is not a page of this book"
            + (book.pageCount.map { " (0 to \($0))" } ?? "") + ".")
      }
    }
  }
}

/// Why `bookclub read` cannot time a session.
enum ReadError: Error, LocalizedError {
  /// There is no terminal to show the time at and to stop it from.
  case needsTerminal

  var errorDescription: String? {
    switch self {
    case .needsTerminal:
      "bookclub read times you at a terminal, and there is none here. Log a session with "
        + "'bookclub session <book> 45m' (or --from 21:10 --to 22:00)."
    }
  }
}
