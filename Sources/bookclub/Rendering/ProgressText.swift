import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Words for where a reader stands with a book, shared by `progress`, `note` and `show`.
@MainActor
enum ProgressText {
  /// `page 460 of 880`, `3:25 of 11:42` (a book read by time) or `52%`.
  static func position(_ fraction: Double, of book: Book) -> String {
    switch book.extent {
    case .pages(let pages):
      "page \(Int((StoredValue.fraction(fraction) * Double(pages)).rounded())) of \(pages)"
    case .time(let length): "\(AudioLength.clock(length.time(at: fraction))) of \(length.text)"
    case .unknown: "\(ProgressBar.percent(fraction))%"
    }
  }

  /// `24 pages/day`, `40 min/day` or `3.5%/day`; `24 pages/day over the last reading` for a
  /// finished book.
  static func pace(_ pace: ReadingPace) -> String {
    guard pace.fractionPerDay > 0 else { return "no progress in the last 14 days" }
    let rate =
      pace.minutesPerDay.map { "\(Self.number($0)) min/day" }
      ?? pace.pagesPerDay.map { "\(Self.number($0)) pages/day" }
      ?? "\(Self.number(pace.fractionPerDay * 100))%/day"
    return pace.span == .finishedReading ? rate + " over the last reading" : rate
  }

  /// The one line `progress set` prints: title, position, bar, pace.
  static func summary(_ reading: CurrentlyReading) -> String {
    let fraction = reading.currentFraction
    var parts = [
      reading.book.shownTitle, position(fraction, of: reading.book),
      ProgressBar().render(fraction),
    ]
    if let pace = reading.pace { parts.append(Self.pace(pace)) }
    if let finish = reading.estimatedFinish {
      parts.append("finish around \(DateText.day(finish))")
    }
    return parts.joined(separator: " · ")
  }

  /// The `--json` fields about where a reading stands: `book`, `pace`, `estimatedFinish`,
  /// `started`, `finished`.
  static func jsonFields(_ reading: CurrentlyReading) -> [String: JSONValue] {
    let latest = reading.progress.value?.entries.last?.progress
    return [
      "book": .raw(BookJSON.object(ListedBook(book: reading.book, progress: latest))),
      "pace": reading.pace.map(json) ?? .null,
      "estimatedFinish": .date(reading.estimatedFinish),
      "started": .date(reading.started),
      "finished": .date(reading.finished),
    ]
  }

  /// `{"fractionPerDay", "minutesPerDay", "pagesPerDay", "span"}`; `span` is `recent` (the
  /// last 14 days) or `finishedReading` (the whole of the last reading, for a finished book);
  /// `minutesPerDay` for a book read by time, `pagesPerDay` for one read by pages.
  static func json(_ pace: ReadingPace) -> JSONValue {
    .object([
      "span": .string(pace.span.rawValue),
      "fractionPerDay": .number(pace.fractionPerDay),
      "minutesPerDay": pace.minutesPerDay.map(JSONValue.number) ?? .null,
      "pagesPerDay": pace.pagesPerDay.map(JSONValue.number) ?? .null,
    ])
  }

  /// Where one book stands: ``jsonFields(_:)``, the page (or the seconds into a recording,
  /// `seconds`) and the readings.
  static func json(_ reading: CurrentlyReading) -> JSONValue {
    var fields = jsonFields(reading)
    fields["page"] = reading.currentPage.map { .integer(Int64($0)) } ?? .null
    fields["seconds"] = reading.currentTime.map { .integer(Int64($0)) } ?? .null
    fields["readings"] = .array((reading.progress.value?.readings ?? []).map(json))
    return .object(fields)
  }

  /// `{"start", "end", "outcome"}`: days or null; `finished`, `abandoned` or `reading`.
  static func json(_ reading: ReadingPeriod) -> JSONValue {
    .object([
      "start": reading.start.map { .string($0.description) } ?? .null,
      "end": reading.end.map { .string($0.description) } ?? .null,
      "outcome": .string(
        reading.abandoned ? "abandoned" : reading.end == nil ? "reading" : "finished"),
    ])
  }

  /// An entry in `--json` output.
  static func json(_ entry: ReadingProgress.Entry, of book: Book) -> JSONValue {
    .object([
      "id": .string(entry.id.uuidString.lowercased()),
      "progress": .number(entry.progress),
      "page": book.pageCount.map { .integer(Int64((entry.progress * Double($0)).rounded())) }
        ?? .null,
      "seconds": book.countedTime.map { .integer(Int64($0.time(at: entry.progress))) } ?? .null,
      "time": .date(entry.time),
      "note": entry.note.map(JSONValue.string) ?? .null,
      "kind": .string(entry.kind.rawValue),
    ])
  }

  /// A note on one line of a table: line breaks shown as ↵.
  static func oneLine(_ note: String?) -> String {
    TerminalText.safe(
      (note ?? "").split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ↵ ")
    )
  }

  /// The short id people type for an entry: its first eight hex digits.
  static func shortID(_ entry: ReadingProgress.Entry) -> String {
    String(entry.id.uuidString.lowercased().prefix(8))
  }

  private static func number(_ value: Double) -> String {
    guard value.isFinite, abs(value) < 1e15 else { return value.isNaN ? "?" : "∞" }
    if abs(value) >= 10 { return String(Int(value.rounded())) }
    let tenths = Int((value * 10).rounded())
    return (tenths < 0 ? "-" : "") + "\(abs(tenths) / 10).\(abs(tenths) % 10)"
  }
}
