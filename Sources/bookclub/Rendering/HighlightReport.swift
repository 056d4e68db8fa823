import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Highlights and quotes as text, as Markdown and as JSON (`bookclub highlights`).
@MainActor
enum HighlightReport {
  /// Where a highlight stands: `p. 37 · loc. 755-756`, or `27%`, what of it is known;
  /// `Page 37 · location 755-756` in words.
  static func place(_ highlight: Highlight, inWords: Bool = false) -> String {
    var parts: [String] = []
    if let page = highlight.page { parts.append((inWords ? "Page " : "p. ") + String(page)) }
    if let location = highlight.location {
      parts.append((inWords ? "location " : "loc. ") + location)
    }
    if parts.isEmpty, let position = highlight.position {
      parts.append("\(ProgressBar.percent(position))%")
    }
    return parts.joined(separator: " · ")
  }

  /// One highlight on the terminal: its short id, place, day and device, then its text and
  /// note, indented, every line made safe.
  static func lines(_ highlight: Highlight) -> [String] {
    var head = [String(highlight.id.uuidString.lowercased().prefix(8))]
    let place = place(highlight)
    if !place.isEmpty { head.append(place) }
    head.append(DateText.day(highlight.time))
    head.append(highlight.device ?? (highlight.kind == .quote ? "quote" : highlight.kind.rawValue))
    // The place and device come from a device's files: escaped as the text is.
    var lines = [TerminalText.safe(head.joined(separator: "  "))]
    if !highlight.text.isEmpty {
      lines += highlight.text.split(separator: "\n").map { "  " + TerminalText.safe(String($0)) }
    }
    if let note = highlight.note {
      lines.append("  Note: " + ProgressText.oneLine(note))
    }
    return lines
  }

  /// A book's highlights as Markdown, as Obsidian and Readwise users paste them: the title,
  /// then each highlight quoted, with its place and note. The text is as the book gave it.
  static func markdown(_ highlights: [Highlight], of book: Book) -> String {
    var lines = [
      "# " + book.title, "",
      "by " + book.authors.joined(separator: ", ") + " · "
        + (highlights.count == 1 ? "1 highlight" : "\(highlights.count) highlights"),
    ]
    for highlight in highlights {
      lines.append("")
      if !highlight.text.isEmpty {
        lines += highlight.text.split(separator: "\n", omittingEmptySubsequences: false).map {
          $0.isEmpty ? ">" : "> " + $0
        }
        lines.append("")
      }
      let place = place(highlight, inWords: true)
      lines.append((place.isEmpty ? "" : place + " · ") + DateText.day(highlight.time))
      if let note = highlight.note {
        lines += ["", "**Note:** " + note.split(separator: "\n").joined(separator: " ")]
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `{"book", "color", "device", "id", "kind", "location", "note", "page", "position",
  /// "text", "time"}`; `book` the book's id.
  static func json(_ highlight: Highlight, book: Book.ID) -> JSONValue {
    .object([
      "book": .integer(book), "id": .string(highlight.id.uuidString.lowercased()),
      "kind": .string(highlight.kind.rawValue), "text": .string(highlight.text),
      "note": highlight.note.map(JSONValue.string) ?? .null,
      "position": highlight.position.map(JSONValue.number) ?? .null,
      "page": highlight.page.map { .integer(Int64($0)) } ?? .null,
      "location": highlight.location.map(JSONValue.string) ?? .null,
      "time": .date(highlight.time), "color": highlight.color.map(JSONValue.string) ?? .null,
      "device": highlight.device.map(JSONValue.string) ?? .null,
    ])
  }
}
