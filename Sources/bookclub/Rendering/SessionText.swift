import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reading sessions as text and as JSON.
@MainActor
enum SessionText {
  /// `1h 05m`, `45m`, `30s`.
  nonisolated static func duration(_ seconds: Int) -> String {
    if seconds < 60 { return "\(seconds)s" }
    let minutes = (seconds + 30) / 60
    if minutes < 60 { return "\(minutes)m" }
    let rest = minutes % 60
    return "\(minutes / 60)h " + (rest < 10 ? "0" : "") + "\(rest)m"
  }

  /// `2025-03-04 21:10–21:55`, or across midnight `2025-03-04 23:30–2025-03-05 00:15`.
  static func span(_ session: ReadingSession) -> String {
    let start = DateText.minute(session.start)
    let end = DateText.minute(session.end)
    return start.prefix(10) == end.prefix(10) ? start + "–" + end.dropFirst(11) : start + "–" + end
  }

  /// `2025-03-04 21:10  45m  pp. 120–152 (32 pages, 43/h)  koreader`: when, how long, the
  /// pages and pace where known, and the device.
  static func line(_ session: ReadingSession) -> String {
    var parts = [DateText.minute(session.start), duration(session.seconds)]
    var pages: [String] = []
    if let first = session.firstPage, let last = session.lastPage {
      pages.append(first == last ? "p. \(first)" : "pp. \(first)–\(last)")
    }
    var counts: [String] = []
    if let count = session.pages { counts.append(count == 1 ? "1 page" : "\(count) pages") }
    if let pace = session.pagesPerHour { counts.append("\(Int(pace.rounded()))/h") }
    if !counts.isEmpty { pages.append("(" + counts.joined(separator: ", ") + ")") }
    if pages.isEmpty, let start = session.startPosition, let end = session.endPosition {
      pages.append("\(ProgressBar.percent(start))% → \(ProgressBar.percent(end))%")
    }
    if !pages.isEmpty { parts.append(pages.joined(separator: " ")) }
    parts.append(session.device.map(TerminalText.safe) ?? "logged")
    return parts.joined(separator: "  ")
  }

  /// `{"device", "endPosition", "firstPage", "id", "lastPage", "pages", "pagesPerHour",
  /// "seconds", "start", "startPosition"}`, unknown values `null`.
  nonisolated static func json(_ session: ReadingSession) -> JSONValue {
    .object([
      "id": .string(session.id.uuidString.lowercased()), "start": .date(session.start),
      "seconds": .integer(Int64(session.seconds)),
      "startPosition": session.startPosition.map(JSONValue.number) ?? .null,
      "endPosition": session.endPosition.map(JSONValue.number) ?? .null,
      "firstPage": session.firstPage.map { .integer(Int64($0)) } ?? .null,
      "lastPage": session.lastPage.map { .integer(Int64($0)) } ?? .null,
      "pages": session.pages.map { .integer(Int64($0)) } ?? .null,
      "pagesPerHour": session.pagesPerHour.map(JSONValue.number) ?? .null,
      "device": session.device.map(JSONValue.string) ?? .null,
    ])
  }
}
