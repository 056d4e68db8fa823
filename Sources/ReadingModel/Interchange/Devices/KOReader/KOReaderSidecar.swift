#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What KOReader keeps of one book in its sidecar, `<book>.sdr/metadata.<ext>.lua`: the
/// book's metadata, the reader's status and rating, how far through, and the highlights and
/// notes, in the current form (`annotations`, since 2024) or the old (`bookmarks` and
/// `highlight`).
public struct KOReaderSidecar: Sendable, Equatable {
  /// KOReader's checksum of the book's file, which its statistics database keys books by.
  public var checksum: String?
  public var title: String?
  public var authors: [String] = []
  /// The ISBN among the book's identifiers (`urn:isbn:…`, `ISBN:…`, bare digits).
  public var isbn: String?
  public var series: String?
  /// `reading`, `complete` (finished), `abandoned` (KOReader's "on hold": paused).
  public var status: ReadingStatus?
  public var rating: Int?
  /// How far through, 0 to 1, and the page count of KOReader's rendering.
  public var percentFinished: Double?
  public var pages: Int?
  /// The local day the status last changed.
  public var modified: CalendarDay?
  public var highlights: [KOReaderHighlight] = []

  /// Reads a sidecar's table.
  public init(_ table: LuaTable) {
    checksum = table["partial_md5_checksum"]?.string.flatMap { $0.isEmpty ? nil : $0 }
    if let props = table["doc_props"]?.table {
      title = props["title"]?.string.flatMap { $0.isEmpty ? nil : $0 }
      authors = Self.lines(props["authors"]?.string)
      isbn = Self.lines(props["identifiers"]?.string).lazy.compactMap(Self.isbn).first
      if let name = props["series"]?.string, !name.isEmpty {
        // A place no series has (`inf`, `1e300`) is none.
        let index = props["series_index"]?.number.flatMap { number -> String? in
          guard number.isFinite, abs(number) < 1_000_000 else { return nil }
          return number.rounded() == number ? "\(Int(number))" : "\(number)"
        }
        series = name + (index.map { " #" + $0 } ?? "")
      }
    }
    if let summary = table["summary"]?.table {
      switch summary["status"]?.string?.lowercased() {
      case "reading": status = .reading
      case "complete": status = .finished
      case "abandoned": status = .paused
      default: status = nil
      }
      rating = summary["rating"]?.integer.flatMap { (1...5).contains($0) ? $0 : nil }
      modified = summary["modified"]?.string.flatMap(CalendarDay.init)
    }
    percentFinished = table["percent_finished"]?.number.flatMap {
      $0.isFinite && (0...1).contains($0) ? $0 : nil
    }
    pages = table["doc_pages"]?.integer.flatMap { $0 > 0 && $0 <= 1_000_000 ? $0 : nil }
    highlights =
      table["annotations"]?.table.map(Self.annotations) ?? Self.oldHighlights(table)
  }

  /// `a\nb` → `[a, b]`, blank lines and KOReader's `N/A` left out.
  private static func lines(_ text: String?) -> [String] {
    (text ?? "").split(whereSeparator: \.isNewline).map { $0.trimmingWhitespace() }.filter {
      !$0.isEmpty && $0 != "N/A"
    }
  }

  /// The ISBN-13 an identifier names, if it names one.
  private static func isbn(_ identifier: String) -> String? {
    var text = Substring(identifier)
    for prefix in ["urn:isbn:", "isbn:"] where text.lowercased().hasPrefix(prefix) {
      text = text.dropFirst(prefix.count)
    }
    return ISBN(text)?.isbn13
  }

  /// The current form: a list whose items with a `drawer` are highlights (a note is one
  /// with a `note`); items without one are page bookmarks, not kept.
  private static func annotations(_ list: LuaTable) -> [KOReaderHighlight] {
    list.items.compactMap(\.table).compactMap { item in
      guard item["drawer"] != nil else { return nil }
      return KOReaderHighlight(
        text: item["text"]?.string ?? "", note: item["note"]?.string,
        created: item["datetime"]?.string, page: item["pageno"]?.integer,
        chapter: item["chapter"]?.string,
        color: item["color"]?.string ?? item["drawer"]?.string,
        place: place(item["pos0"]) ?? place(item["page"]))
    }
  }

  /// The old form: `bookmarks` (where `notes` is the marked text and `text` the reader's
  /// note, or text KOReader made up), with colour and style from `highlight`.
  private static func oldHighlights(_ table: LuaTable) -> [KOReaderHighlight] {
    guard let bookmarks = table["bookmarks"]?.table else { return [] }
    var styles: [String: String] = [:]
    let pages = table["highlight"]?.table.map { Array($0.numbered.values) } ?? []
    for page in pages {
      for item in page.table?.items.compactMap(\.table) ?? [] {
        if let time = item["datetime"]?.string {
          styles[time] = item["color"]?.string ?? item["drawer"]?.string
        }
      }
    }
    return bookmarks.items.compactMap(\.table).compactMap { item in
      guard item["highlighted"]?.boolean == true else { return nil }
      let marked = item["notes"]?.string ?? ""
      var note = item["text"]?.string
      if let written = note,
        written.isEmpty || written == marked
          || (written.hasPrefix("Page ") && written.contains(" @ "))
      {
        note = nil
      }
      let created = item["datetime"]?.string
      return KOReaderHighlight(
        text: marked, note: note, created: created, page: item["page"]?.integer,
        chapter: item["chapter"]?.string, color: created.flatMap { styles[$0] },
        place: place(item["pos0"]) ?? place(item["page"]))
    }
  }

  /// A place as text: an xpointer, or a page of a paged document.
  private static func place(_ value: LuaValue?) -> String? {
    switch value {
    case .string(let text): text
    case .number: value?.integer.map { "page \($0)" }
    case .table(let table): table["page"]?.integer.map { "page \($0)" }
    default: nil
    }
  }
}

/// A highlight as KOReader keeps it, before it is placed in a book.
public struct KOReaderHighlight: Sendable, Equatable {
  public var text: String
  public var note: String?
  /// `2025-03-04 21:15:02`, the device's local time.
  public var created: String?
  public var page: Int?
  public var chapter: String?
  /// A colour (`yellow`) or a style (`underscore`).
  public var color: String?
  /// Where it starts: an xpointer, or `page 12`.
  public var place: String?
}
