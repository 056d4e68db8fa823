import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Everything `bookclub show` says about one book, as text or JSON.
@MainActor
struct BookReport {
  let reading: CurrentlyReading
  /// When the book got its current status: for a book being read, when the reading
  /// started.
  let statusSince: Date
  /// The latest notes, oldest first.
  let notes: [ReadingProgress.Entry]
  let details: BookDetails
  /// Edits, ratings, tags, undone entries: oldest first.
  let history: [BookEvent]
  /// The series the book is in, each whole.
  let series: [ReadingModel.Series]
  /// The other editions of the book's work, by id.
  let editions: [Book]
  /// How many highlights and quotes the book has.
  let highlightCount: Int

  /// Gathers the report from what the library holds about the book.
  ///
  /// - Parameters:
  ///   - reading: The book, its history loaded.
  ///   - changes: Its status changes, oldest first.
  ///   - noteCount: How many of the latest notes to show.
  init(
    reading: CurrentlyReading, changes: [StatusChange], details: BookDetails,
    history: [BookEvent], series: [ReadingModel.Series] = [], editions: [Book] = [],
    highlightCount: Int = 0, noteCount: Int
  ) {
    self.reading = reading
    // One answer to "since when" per status: the finish of a finished book, the start of
    // the reading going on (what `Started` and the readings say), else the status change.
    let since = reading.book.status == .reading ? reading.started : reading.finished
    statusSince =
      since ?? changes.last { $0.status == reading.book.status }?.time ?? reading.book.dateAdded
    notes = Array((reading.progress.value?.notes ?? []).suffix(noteCount))
    self.details = details
    self.history = history
    self.series = series
    self.editions = editions
    self.highlightCount = highlightCount
  }

  /// How many history events the text shows, newest last.
  static let historyCount = 5

  private var book: Book { reading.book }

  func lines(colors: Bool) -> [String] {
    var lines = [
      TextStyle.bold.apply(book.shownTitle, enabled: colors),
      "by " + book.shownAuthors,
      "",
    ]
    func field(_ label: String, _ value: String?) {
      guard let value, !value.isEmpty else { return }
      lines.append(
        TerminalText.padded(label, to: max(10, label.count + 1)) + TerminalText.safe(value))
    }
    field("Id", String(book.id))
    field("ISBN", book.isbn13 ?? book.isbn10)
    field("Pages", book.pageCount.map(String.init))
    field("Format", book.format?.name)
    field("Length", book.length?.text)
    field("Published", published)
    field("Status", "\(book.status.displayName) since \(DateText.day(statusSince))")
    let position =
      book.extent == .unknown ? "" : "  " + ProgressText.position(reading.currentFraction, of: book)
    field("Progress", ProgressBar().render(reading.currentFraction) + position)
    field("Rating", details.rating.map(Rating.display))
    field("Tags", details.tags.joined(separator: ", "))
    for series in series { field("Series", seriesLine(series)) }
    for edition in editions { field("Edition", EditionReport.line(edition)) }
    if highlightCount > 0 {
      field(
        "Highlights",
        Bookclub.Highlights.count(highlightCount) + " ('bookclub highlights \(book.id)')")
    }
    // StoryGraph's pace beside the moods: "Pace" below is how fast you read.
    field(
      "Moods",
      (details.moods + (details.pace.map { ["\($0)-paced"] } ?? [])).joined(separator: ", "))
    field("Warnings", details.warnings.joined(separator: ", "))
    field("", details.warningNote.map(ProgressText.oneLine))
    field("Owned", details.ownedCopies.map { $0 == 1 ? "1 copy" : "\($0) copies" })
    field("Added", DateText.day(book.dateAdded))
    field("Started", reading.started.map(DateText.day))
    field("Finished", reading.finished.map(DateText.day))
    field("Read", readings)
    if let pace = reading.pace {
      let finish = reading.estimatedFinish.map { " · finish around \(DateText.day($0))" } ?? ""
      field("Pace", ProgressText.pace(pace) + finish)
    }
    if let review = details.review {
      lines += ["", details.spoiler ? "Review (contains spoilers)" : "Review"] + indented(review)
    }
    if let privateNotes = details.privateNotes {
      lines += ["", "Private notes"] + indented(privateNotes)
    }
    if !notes.isEmpty {
      lines += ["", "Latest notes"]
      for entry in notes {
        let percent = "\(ProgressBar.percent(entry.progress))%"
        let padding = String(repeating: " ", count: max(0, 4 - percent.count))
        lines.append(
          "  \(DateText.day(entry.time))  \(padding)\(percent)  " + ProgressText.oneLine(entry.note)
        )
      }
    }
    if !history.isEmpty {
      lines += ["", "History"]
      let width = BookEvent.Kind.allCases.map(\.rawValue.count).max() ?? 0
      for event in history.suffix(Self.historyCount) {
        let kind = TerminalText.padded(event.kind.rawValue, to: width)
        lines.append("  \(DateText.day(event.time))  \(kind)  " + TerminalText.safe(event.detail))
      }
    }
    return lines
  }

  /// `{"book", "details", "editions", "estimatedFinish", "finished", "highlights" (how many),
  /// "notes", "pace", "page", "seconds", "started", "statusSince"}`; `details` as in the
  /// bookclub archive.
  var json: JSONValue {
    var fields = ProgressText.jsonFields(reading)
    fields["statusSince"] = .date(statusSince)
    fields["notes"] = .array(notes.map { ProgressText.json($0, of: book) })
    fields["page"] = reading.currentPage.map { .integer(Int64($0)) } ?? .null
    fields["seconds"] = reading.currentTime.map { .integer(Int64($0)) } ?? .null
    var detailsJSON = JSONWriter()
    details.write(to: &detailsJSON)
    fields["details"] = .raw(String(decoding: detailsJSON.bytes, as: UTF8.self))
    fields["readings"] = .array(details.readings.map(ProgressText.json))
    fields["editions"] = .array(editions.map { .raw(BookJSON.object(ListedBook(book: $0))) })
    fields["highlights"] = .integer(Int64(highlightCount))
    fields["series"] = .array(
      series.map { series in
        .object([
          "series": .string(series.name),
          "position": position(in: series).map { .string($0.description) } ?? .null,
          "books": .integer(Int64(series.members.count)),
          "finished": .integer(Int64(series.finished)),
          "next": series.next.map { .integer($0.book.id) } ?? .null,
        ])
      })
    fields["history"] = .array(
      history.map {
        .object([
          "time": .date($0.time), "kind": .string($0.kind.rawValue), "detail": .string($0.detail),
        ])
      })
    return .object(fields)
  }

  /// The book's place in a series it is in.
  private func position(in series: ReadingModel.Series) -> SeriesPosition? {
    series.members.first { $0.book.id == book.id }?.position
  }

  /// `The Broken Earth #1 of 3 · next: #2 The Obelisk Gate (11)`, the next one left out
  /// when it is this book.
  private func seriesLine(_ series: ReadingModel.Series) -> String {
    let place = position(in: series).map { " #\($0)" } ?? ""
    var line = "\(series.name)\(place) of \(series.members.count)"
    if let next = series.next, next.book.id != book.id {
      line +=
        " · next: " + (next.position.map { "#\($0) " } ?? "")
        + "\(next.book.title) (\(next.book.id))"
    }
    return line
  }

  /// `Penguin Classics, 1871 · Paperback`
  private var published: String? {
    let parts = [
      [details.publisher, details.publicationYear.map(Self.year)].compactMap { $0 }
        .joined(separator: ", "),
      details.binding ?? "",
    ].filter { !$0.isEmpty }
    return parts.isEmpty ? nil : parts.joined(separator: " · ")
  }

  /// `2023-05-23 – 2023-06-07, 2024-01-02 – (reading)` and the read count.
  private var readings: String? {
    let periods = details.readings.map { period in
      let text =
        switch (period.start, period.end) {
        case (let start?, let end?): "\(start) – \(end)"
        case (let start?, nil): "\(start) – (\(ReadingStatus.reading.displayName))"
        case (nil, let end?): "\(end)"
        case (nil, nil): "date unknown"
        }
      return text + (period.abandoned ? " (\(ReadingStatus.abandoned.displayName))" : "")
    }
    let count = details.readCount.flatMap { $0 > 1 ? "read \($0) times" : nil }
    let text = (periods + [count].compactMap { $0 }).joined(separator: ", ")
    return text.isEmpty ? nil : text
  }

  /// `1871`, or `725 BC` for -725.
  nonisolated static func year(_ year: Int) -> String { BookDetails.yearText(year) }

  private func indented(_ text: String) -> [String] {
    TerminalText.safeLines(text).map { $0.isEmpty ? "" : "  " + $0 }
  }

}
