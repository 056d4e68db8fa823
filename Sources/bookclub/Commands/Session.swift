import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub {
  /// `bookclub session [<book>] [<time>] [--from HH:MM] [--to HH:MM] [--on DATE]
  /// [--pages N | --to-page P]`: a span of reading logged by hand.
  struct Session: CommandGroup {
    static let timeArgument = OptionalArgument(
      name: "time", help: "How long you read: 45m, 1h20m, 1:20 or 90 (minutes).")
    static let from = OptionSpec.value(
      "from", valueName: "HH:MM", help: "When you started (with --to, or with <time>).")
    static let to = OptionSpec.value("to", valueName: "HH:MM", help: "When you stopped.")
    static let on = OptionSpec.value(
      "on", valueName: "date",
      help: "The day it was, for --from and --to (default today); alone, when it ended: "
        + DateOption.forms + ".")
    static let pages = OptionSpec.value(
      "pages", valueName: "count", help: "How many pages you read: moves you on that far.")
    static let toPage = OptionSpec.value(
      "to-page", valueName: "page", help: "The page you reached: where you are now.")

    static let signature = CommandSignature(
      name: "session",
      abstract: "Log a span of reading: how long, and how far it took you.",
      discussion: """
        'bookclub session dune 45m --pages 30' logs 45 minutes that ended now and moves \
        you 30 pages on; '--from 21:10 --to 22:00 --to-page 152' gives the clock and the \
        page reached. A session that ends further on than your newest position, and after \
        it, moves you there; one logged for earlier leaves your position as it is. \
        'progress show <book>' lists a book's sessions, 'stats' counts them by weekday \
        and hour, 'bookclub read <book>' times one for you, and 'undo' takes one back. \
        Without <book>, the selected book: 'bookclub session 45m' (one word that reads as \
        a time is the time; name a book called '90' as 'bookclub session 90 90').
        """,
      arguments: [BookTarget.argument, timeArgument],
      options: [
        from, to, on, pages, toPage, CommonOptions.json("Print JSON: the session and progress."),
        LibraryOption.spec,
      ],
      subcommands: [Remove.self])

    let target: BookTarget
    let span: TypedSpan
    let pagesRead: Int?
    let pageReached: Int?
    let json: Bool

    init() {
      target = BookTarget(reference: nil, libraryPath: nil)
      span = TypedSpan(seconds: nil, from: nil, to: nil, day: nil)
      (pagesRead, pageReached, json) = (nil, nil, false)
    }

    init(_ values: ParsedValues) throws(UsageError) {
      var reference = values.argument(BookTarget.argument)
      var time = values.argument(Self.timeArgument)
      let clockGiven = values.string(Self.from) != nil && values.string(Self.to) != nil
      // One word that reads as a time is the time, for the selected book.
      if time == nil, !clockGiven, let word = reference, SessionLength.seconds(word) != nil {
        (time, reference) = (word, nil)
      }
      target = BookTarget(reference: reference, libraryPath: LibraryOption.value(in: values))
      let seconds = try time.map { text throws(UsageError) in
        guard let seconds = SessionLength.seconds(text), seconds > 0 else {
          throw .invalidValue(
            text, for: "<time>", allowed: "Give how long you read: 45m, 1h20m, 1:20 or 90.")
        }
        return seconds
      }
      span = TypedSpan(
        seconds: seconds, from: try Self.clock(values, Self.from),
        to: try Self.clock(values, Self.to), day: try DateOption.value(Self.on, in: values))
      try span.check()
      pagesRead = try values.integer(Self.pages, in: 1...StoredValue.pageCounts.upperBound)
      pageReached = try values.integer(Self.toPage, in: 0...StoredValue.pageCounts.upperBound)
      if pagesRead != nil, pageReached != nil {
        throw .invalidValue(
          "--pages --to-page", for: Self.pages.display,
          allowed: "Give how many pages you read, or the page you reached, not both.")
      }
      json = values.flag(CommonOptions.anyJSON)
    }

    /// `21:10`, as minutes of the day (`session --from`/`--to`, `read --since`).
    static func clock(_ values: ParsedValues, _ spec: OptionSpec) throws(UsageError)
      -> Int?
    {
      guard let text = values.string(spec) else { return nil }
      let parts = text.split(separator: ":")
      guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]),
        (0..<24).contains(hour), (0..<60).contains(minute), parts[1].count == 2
      else {
        throw .invalidValue(text, for: spec.display, allowed: "Give a time of day: 21:10.")
      }
      return hour * 60 + minute
    }

    func run(_ context: CommandContext) async throws {
      let (book, library) = try await target.resolve(in: context, writing: true)
      let (start, end) = try span.resolve(now: Date())
      let progress = try await library.progress(of: book.id)
      // Where the reader was when the session ended: the newest position by then (one
      // logged later is not where a session of last week began).
      let positions = progress.positions
      let then =
        positions.last { $0.time <= end }?.progress
        ?? (positions.isEmpty ? progress.currentFraction(status: book.status) : nil)
      let session = try Self.session(
        of: book, from: start, to: end, pagesRead: pagesRead, pageReached: pageReached,
        current: then)
      try await Self.log(session, of: book, in: library, json: json, context: context)
    }

    /// The session, its pages worked out from where the reader was.
    ///
    /// - Parameter current: How far through the reader was, when known.
    /// - Throws: ``ReadingSessionError`` for a session the library would not keep.
    static func session(
      of book: Book, from start: Date, to end: Date, pagesRead: Int?, pageReached: Int?,
      current: Double?
    ) throws -> ReadingSession {
      let currentPage = book.pageCount.flatMap { count in
        current.map { Int(($0 * Double(count)).rounded()) }
      }
      var first: Int?
      var last: Int?
      var pages: Int?
      if let pagesRead {
        pages = pagesRead
        (first, last) = (currentPage, currentPage.map { $0 + pagesRead })
      } else if let pageReached {
        last = pageReached
        if let currentPage, currentPage <= pageReached {
          (first, pages) = (currentPage, pageReached - currentPage)
        }
      }
      if let last, let total = book.pageCount, last > total {
        throw ProgressInputError.pageBeyondEnd(last, pageCount: total)
      }
      // Whole seconds, counted back from the end: the session ends when the reader stopped,
      // never a moment before what they logged just before it.
      let seconds = Int(end.timeIntervalSince(start).rounded())
      let session = ReadingSession(
        start: end.addingTimeInterval(-TimeInterval(seconds)), seconds: seconds,
        firstPage: first, lastPage: last, pages: pages)
      if let problem = session.problem { throw problem }
      return session
    }

    /// Logs the session through the writer, and says what it did.
    static func log(
      _ session: ReadingSession, of book: Book, in library: SQLiteLibrary, json: Bool,
      context: CommandContext
    ) async throws {
      let applied = try await context.writer(for: library).apply(.addSessions(book.id, [session]))
      var position: ReadingProgress.Entry?
      if case .sessionsAdded(_, let recorded) = applied.outcome { position = recorded }
      if json {
        context.output.line(
          JSONValue.object([
            "book": .integer(book.id), "session": SessionText.json(session),
            "progress": position.map { ProgressText.json($0, of: book) } ?? .null,
          ]).text)
        return
      }
      var line =
        "Logged \(SessionText.duration(session.seconds)) of “\(book.shownTitle)”: "
        + SessionText.span(session)
      if let pace = session.pagesPerHour, let pages = session.pages {
        line += ", \(pages) page\(pages == 1 ? "" : "s") (\(Int(pace.rounded())) an hour)"
      }
      context.output.line(line + ".")
      if let position {
        context.output.line("Now at \(ProgressText.position(position.progress, of: book)).")
      } else if session.lastPage != nil, book.pageCount == nil {
        context.errors.line(
          "Your position stays: the book has no page count (bookclub edit \(book.id) --pages N).")
      } else if session.lastPage != nil {
        context.errors.line("Your position stays: a newer or further one was logged.")
      }
    }
  }
}

/// The span of a session as typed: a length, clock times, a day.
struct TypedSpan {
  let seconds: Int?
  /// Minutes of the day.
  let from: Int?
  let to: Int?
  let day: Date?

  /// Refuses what names no span.
  func check() throws(UsageError) {
    if seconds == nil, from == nil || to == nil { throw .missingArgument("<time>") }
    if seconds != nil, from != nil, to != nil {
      throw .invalidValue(
        "--from --to", for: "<time>", allowed: "Give the time or --from and --to, not both.")
    }
  }

  /// The session's start and end: clock times on the day (today unless `--on`); a length
  /// that ends at `--to`, at `--on`'s time, or now.
  ///
  /// - Throws: ``UsageError`` for a session that would end in the future.
  func resolve(now: Date) throws(UsageError) -> (start: Date, end: Date) {
    let localDay = LocalTime(day ?? now).day
    func at(_ minutes: Int) -> Date {
      LocalTime(day: localDay, minuteOfDay: minutes).date()
        ?? LocalTime(day: localDay, minuteOfDay: min(minutes + 60, 1439)).date() ?? now
    }
    var start: Date
    var end: Date
    switch (from, to, seconds) {
    case (let from?, let to?, _):
      start = at(from)
      end = at(to)
      if end <= start { end = end.addingTimeInterval(86_400) }  // past midnight
    case (let from?, nil, let seconds?):
      start = at(from)
      end = start.addingTimeInterval(TimeInterval(seconds))
    case (nil, let to?, let seconds?):
      end = at(to)
      start = end.addingTimeInterval(-TimeInterval(seconds))
    default:
      end = (from == nil && to == nil ? day : nil) ?? now
      start = end.addingTimeInterval(-TimeInterval(seconds ?? 0))
    }
    if from != nil || to != nil, day == nil, end > now.addingTimeInterval(6 * 3600) {
      // Clock times hours later than now, today: last night's (22:00 given at 00:20). A
      // few minutes ahead is no session yet, refused below.
      start = start.addingTimeInterval(-86_400)
      end = end.addingTimeInterval(-86_400)
    }
    guard end <= now.addingTimeInterval(60) else {
      throw .invalidValue(
        DateText.minute(end), for: "--to", allowed: "A session cannot end in the future.")
    }
    return (start, end)
  }
}
