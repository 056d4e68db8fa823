#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension KindleClippings {
  /// The file's books with their highlights and notes, as an ingest takes them.
  ///
  /// A Kindle never changes an entry: an edited or extended highlight is a new entry over
  /// the same place, so of highlights whose locations overlap the last one stands. A note
  /// is its own entry at the place where the highlight it is about ends; it becomes that
  /// highlight's note (the last note there, if edited), or a note of its own. Bookmarks mark
  /// no text and are not kept. Each highlight's id is made from the book and its place, so
  /// the next ingest of the same file finds it.
  ///
  /// - Parameters:
  ///   - file: The file's name, for messages.
  ///   - zone: The zone the Kindle's clock was in (its file keeps none).
  ///   - now: The time of the ingest: what an entry without a readable date is given.
  public func deviceReading(file: String, in zone: TimeZoneRules, now: Date) -> DeviceReading {
    var reading = DeviceReading(kind: .kindle, files: [file])
    reading.problems = problems.map { "line \($0.line): \($0.reason)" }
    var order: [String] = []
    var groups: [String: [KindleClipping]] = [:]
    for clipping in clippings {
      let key = Self.bookKey(clipping)
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(clipping)
    }
    var undated = 0
    var bookmarks = 0
    for key in order {
      let group = groups[key]!
      bookmarks += group.count { $0.kind == .bookmark }
      var book = DeviceBook(
        key: key, place: "line \(group[0].line)", title: group[0].title,
        authors: group[0].authors)
      var marks = KindleMarks()
      for clipping in group where clipping.kind != .bookmark {
        var time = clipping.added.map {
          DeviceTime.date(day: $0.day, secondOfDay: $0.secondOfDay, in: zone)
        }
        if let known = time, !DeviceTime.isPlausible(known, now: now) { time = nil }
        if time == nil { undated += 1 }
        marks.add(clipping, time: time ?? now)
      }
      for (clipping, highlight) in marks.highlights(bookKey: key) {
        if let problem = highlight.problem {
          book.remarks.append(
            "line \(clipping.line): not kept: \(problem.errorDescription ?? "\(problem)")")
        } else {
          book.highlights.append(highlight)
        }
      }
      reading.books.append(book)
    }
    if !languages.isEmpty {
      reading.remarks.append(
        "\(file) is in " + languages.sorted().map(\.rawValue).joined(separator: ", ") + ".")
    }
    if bookmarks > 0 {
      reading.remarks.append(
        "\(bookmarks) bookmark\(bookmarks == 1 ? "" : "s") not kept: they mark a page, no text.")
    }
    if undated > 0 {
      reading.remarks.append(
        "\(undated) clipping\(undated == 1 ? " has" : "s have") no date that can be read; "
          + "given the time of this ingest.")
    }
    if hadInvalidText {
      reading.remarks.append(
        "\(file) holds bytes that are not text; they read as '\u{FFFD}'.")
    }
    return reading
  }

  /// A book's key: its whole title and first author, folded, so that the same book named
  /// with other case or accents is one book.
  static func bookKey(_ clipping: KindleClipping) -> String {
    let title = MatchKey.fullTitle(clipping.title)
    return (title.isEmpty ? SearchKey.fold(clipping.title) : title) + "/"
      + MatchKey.author(clipping.authors.first ?? "")
  }
}

/// One book's highlights and notes as they are gathered, edits replacing what they edit.
private struct KindleMarks {
  private var marked: [(clipping: KindleClipping, time: Date, note: String?)] = []
  private var notes: [(clipping: KindleClipping, time: Date)] = []

  mutating func add(_ clipping: KindleClipping, time: Date) {
    switch clipping.kind {
    case .highlight:
      if let edited = marked.lastIndex(where: { Self.overlap($0.clipping, clipping) }) {
        marked[edited] = (clipping, time, marked[edited].note)
      } else {
        marked.append((clipping, time, nil))
      }
    case .note:
      if let about = marked.lastIndex(where: { Self.ends($0.clipping, at: clipping) }) {
        marked[about].note = clipping.text
      } else if let edited = notes.lastIndex(where: { Self.samePlace($0.clipping, clipping) }) {
        notes[edited] = (clipping, time)
      } else {
        notes.append((clipping, time))
      }
    case .bookmark:
      break
    }
  }

  /// The highlights, then the notes of their own, each with the entry it came from.
  func highlights(bookKey: String) -> [(KindleClipping, Highlight)] {
    let highlights = marked.map { mark in
      (
        mark.clipping,
        Highlight(
          id: Self.id(bookKey, "highlight", mark.clipping), kind: .highlight,
          text: mark.clipping.text, note: mark.note.flatMap { $0.isEmpty ? nil : $0 },
          page: mark.clipping.pageNumber, location: Self.location(mark.clipping),
          time: mark.time, device: DeviceKind.kindle.rawValue)
      )
    }
    let notes = notes.map { note in
      (
        note.clipping,
        Highlight(
          id: Self.id(bookKey, "note", note.clipping), kind: .note, text: "",
          note: note.clipping.text, page: note.clipping.pageNumber,
          location: Self.location(note.clipping), time: note.time,
          device: DeviceKind.kindle.rawValue)
      )
    }
    return highlights + notes
  }

  /// An id from the book and the place: the same highlight, read again, has it.
  private static func id(_ book: String, _ kind: String, _ clipping: KindleClipping) -> UUID {
    let place =
      clipping.location.map { "location \($0.lowerBound)" }
      ?? clipping.page.map { "page \($0) " + String(clipping.text.prefix(200)) }
      ?? "text " + String(clipping.text.prefix(200))
    return UUID(stableFrom: [DeviceKind.kindle.rawValue, book, kind, place])
  }

  private static func location(_ clipping: KindleClipping) -> String? {
    clipping.location.map {
      $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)"
    }
  }

  /// Whether a later highlight is an edit of an earlier one: their locations overlap, or,
  /// without locations, they are on one page and one's text holds the other's.
  private static func overlap(_ earlier: KindleClipping, _ later: KindleClipping) -> Bool {
    if let first = earlier.location, let second = later.location { return first.overlaps(second) }
    guard earlier.location == nil, later.location == nil, earlier.page == later.page else {
      return false
    }
    return later.text.contains(earlier.text) || earlier.text.contains(later.text)
  }

  /// Whether a note is about a highlight: at the location where it ends (or inside it).
  private static func ends(_ highlight: KindleClipping, at note: KindleClipping) -> Bool {
    if let range = highlight.location, let place = note.location {
      return range.contains(place.lowerBound)
    }
    return highlight.location == nil && note.location == nil && highlight.page != nil
      && highlight.page == note.page
  }

  /// Whether two notes are at one place, so the later is an edit of the earlier; notes
  /// with no place are each their own.
  private static func samePlace(_ one: KindleClipping, _ other: KindleClipping) -> Bool {
    (one.location != nil || one.page != nil) && one.location == other.location
      && one.page == other.page
  }
}
