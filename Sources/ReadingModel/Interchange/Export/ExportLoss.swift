/// One kind of thing an export to another service's file loses. The first kinds change a
/// value the file keeps (a rating rounded, readings dropped); the rest have no place in the
/// file at all. What each target keeps is its exporter's header (``GoodreadsExport``,
/// ``StoryGraphExport``): a field of ``LibraryArchive/Item`` no column writes is listed here.
enum ExportLoss: String, CaseIterable, Sendable {
  case ratingRounded
  case readingsDropped
  case readingStartsDropped
  case givenUpDaysDropped
  case ownedCountRounded
  case authorCommas
  case listItemsSplit
  case sameRowAsAnother
  case progress
  case sessions
  case highlights
  case statusHistory
  case series
  case editions
  case upNext
  case audiobookLength
  case moodsAndPace
  case contentWarnings
  case contributors
  case otherIdentifiers
  case pageCount
  case publisher
  case publicationYears
  case authorSort
  case privateNotes
  case spoilerMark
  case tags
  case formats
  case readCount
  case ownedCopies

  /// Whether the file keeps the value, changed (else it has no place for it).
  var isChange: Bool {
    [
      .ratingRounded, .readingsDropped, .readingStartsDropped, .givenUpDaysDropped,
      .ownedCountRounded, .authorCommas, .listItemsSplit, .sameRowAsAnother,
    ]
    .contains(self)
  }

  /// `14 books: rating 4.25 written as 4 (Goodreads has whole stars).`
  func line(_ tally: ExportLosses.Tally, target: ExportLosses.Target) -> String {
    let books = tally.books == 1 ? "1 book" : "\(tally.books) books"
    let example = tally.example.map { " " + $0 } ?? ""
    switch self {
    case .ratingRounded:
      let stars = target.ratingSteps == 1 ? "whole stars" : "half stars"
      return "\(books): rating\(example) (\(target.name) has \(stars))."
    case .readingsDropped:
      let readings = tally.things == 1 ? "1 of their readings" : "\(tally.things) of their readings"
      let kept =
        switch target {
        case .goodreads: "Goodreads keeps the latest finish"
        case .bookwyrm: "BookWyrm's file keeps the newest reading"
        case .storygraph, .hardcover: "\(target.name) keeps finished readings only"
        }
      return "\(books): \(readings) not written (\(kept))."
    case .readingStartsDropped:
      return "\(books): the day a reading began not written (\(target.name) keeps the finish)."
    case .givenUpDaysDropped:
      return
        "\(books): the day a reading was given up not written (\(target.name) has no such day)."
    case .ownedCountRounded:
      return "\(books): copies owned\(example) (\(target.name) keeps yes or no)."
    case .authorCommas:
      return "\(books): a name holding a comma written without it (\(target.name) separates "
        + "names with commas)."
    case .listItemsSplit:
      return "\(books): a tag, mood or warning holding a comma read back as two (\(target.name) "
        + "separates them with commas)."
    case .sameRowAsAnother:
      return "\(books): written as the same row as another book (an import takes the first)."
    default:
      return "\(books): \(missingItem(tally))"
    }
  }

  /// `progress and notes (31 books, 240 entries)`.
  func missingItem(_ tally: ExportLosses.Tally) -> String {
    let books = tally.books == 1 ? "1 book" : "\(tally.books) books"
    let things: String? =
      switch self {
      case .progress: tally.things == 1 ? "1 entry" : "\(tally.things) entries"
      case .sessions: tally.things == 1 ? "1 session" : "\(tally.things) sessions"
      case .highlights: tally.things == 1 ? "1 highlight" : "\(tally.things) highlights"
      case .statusHistory: tally.things == 1 ? "1 change" : "\(tally.things) changes"
      default: nil
      }
    return "\(name) (\(books)\(things.map { ", " + $0 } ?? ""))"
  }

  private var name: String {
    switch self {
    case .ratingRounded: "ratings"
    case .readingsDropped: "readings"
    case .readingStartsDropped: "reading starts"
    case .ownedCountRounded: "copies owned"
    case .progress: "progress and notes"
    case .sessions: "reading sessions"
    case .highlights: "highlights and quotes"
    case .statusHistory: "status history"
    case .series: "series"
    case .editions: "edition links"
    case .upNext: "Up Next places"
    case .audiobookLength: "audiobook lengths"
    case .moodsAndPace: "moods and pace"
    case .contentWarnings: "content warnings"
    case .contributors: "contributors"
    case .otherIdentifiers: "identifiers other than the ISBN"
    case .pageCount: "page counts"
    case .publisher: "publishers"
    case .publicationYears: "publication years"
    case .authorSort: "authors' sort names"
    case .privateNotes: "private notes"
    case .spoilerMark: "spoiler marks"
    case .tags: "tags"
    case .formats: "formats and bindings"
    case .readCount: "read counts"
    case .ownedCopies: "copies owned"
    case .givenUpDaysDropped: "days readings were given up"
    case .authorCommas: "names with commas"
    case .sameRowAsAnother: "rows like another's"
    case .listItemsSplit: "tags with commas"
    }
  }

  /// What writing `item` for `target` loses: each kind with how many things (1 for a value
  /// of the book) and an example of a value changed.
  static func found(in item: LibraryArchive.Item, target: ExportLosses.Target)
    -> [(ExportLoss, Int, String?)]
  {
    let details = item.details
    let readings = details.readings
    let finished = readings.filter { $0.end != nil && !$0.abandoned }
    func has(_ present: Bool) -> Int { present ? 1 : 0 }
    var found: [(ExportLoss, Int, String?)] = [
      (.progress, item.progress.entries.count, nil),
      (.sessions, item.sessions.count, nil),
      (.highlights, item.highlights.count, nil),
      (.statusHistory, item.statusChanges.count, nil),
      (.editions, has(details.work != nil), nil),
      (.upNext, has(details.upNext != nil), nil),
    ]
    // StoryGraph writes a rating as it is; the others in whole or half stars.
    if target != .storygraph, let rating = details.rating, let stored = Rating(stored: rating) {
      let steps = target.ratingSteps
      let written = (rating * steps).rounded() / steps
      if written != rating {
        let shown = Rating(stored: written).map(\.text) ?? String(written)
        found.append((.ratingRounded, 1, "\(stored.text) written as \(shown)"))
      }
    }
    // Lists a format writes joined by commas: an item holding one comes back as two.
    let joined: [[String]] =
      switch target {
      case .goodreads: [details.tags]
      case .storygraph: [details.tags, details.moods]
      case .hardcover: [details.tags, details.moods, details.warnings]
      case .bookwyrm: []
      }
    found.append((.listItemsSplit, has(joined.joined().contains { $0.contains(",") }), nil))
    let identifiers = details.identifiers
    let hasISBN = item.book.isbn13 != nil || item.book.isbn10 != nil
    switch target {
    case .goodreads:
      // Goodreads keeps one finish (Date Read): every other reading goes, and the start.
      let latest = finished.compactMap(\.end).max()
      found.append((.readingsDropped, readings.count - (latest == nil ? 0 : 1), nil))
      let latestStart = readings.first { $0.end == latest && !$0.abandoned }?.start
      found.append((.readingStartsDropped, has(latest != nil && latestStart != nil), nil))
      found.append((.moodsAndPace, has(!details.moods.isEmpty || details.pace != nil), nil))
      found.append(
        (.contentWarnings, has(!details.warnings.isEmpty || details.warningNote != nil), nil))
      found.append((.contributors, has(!details.contributors.isEmpty), nil))
      found.append((.otherIdentifiers, has(!identifiers.isEmpty), nil))
      found.append((.series, has(!details.series.isEmpty), nil))
      found.append((.audiobookLength, has(item.book.length != nil), nil))
    case .storygraph:
      found.append((.readingsDropped, readings.count - finished.count, nil))
      if let copies = details.ownedCopies, copies > 1 {
        found.append((.ownedCountRounded, 1, "\(copies) written as Yes"))
      }
      // One identifier goes in ISBN/UID, and only when the book has no ISBN.
      found.append((.otherIdentifiers, has(identifiers.count - (hasISBN ? 0 : 1) > 0), nil))
      found.append((.pageCount, has(item.book.pageCount != nil), nil))
      found.append((.publisher, has(details.publisher != nil), nil))
      found.append(
        (.publicationYears, has(details.publicationYear != nil || details.editionYear != nil), nil))
      found.append((.authorSort, has(details.authorSort != nil), nil))
      found.append((.privateNotes, has(details.privateNotes != nil), nil))
      found.append((.spoilerMark, has(details.spoiler), nil))
      found.append((.series, has(!details.series.isEmpty), nil))
      found.append((.audiobookLength, has(item.book.length != nil), nil))
    case .hardcover:
      let names = item.book.authors + details.contributors + details.series.map(\.name)
      found.append((.authorCommas, has(names.contains { $0.contains(",") }), nil))
      found.append((.givenUpDaysDropped, readings.filter(\.abandoned).count, nil))
      if let copies = details.ownedCopies, copies > 1 {
        found.append((.ownedCountRounded, 1, "\(copies) written as true"))
      }
      // One identifier, an ASIN, goes in its column.
      let asins = identifiers.filter { !$0.contains(":") }.count
      found.append((.otherIdentifiers, has(identifiers.count - min(asins, 1) > 0), nil))
      found.append((.moodsAndPace, has(details.pace != nil), nil))
      found.append((.contentWarnings, has(details.warningNote != nil), nil))
      found.append((.publicationYears, has(details.publicationYear != nil), nil))
      found.append((.authorSort, has(details.authorSort != nil), nil))
      found.append((.readCount, has(details.readCount != nil), nil))
    case .bookwyrm:
      found.append((.authorCommas, has(item.book.authors.contains { $0.contains(",") }), nil))
      found.append((.readingsDropped, max(readings.count - 1, 0), nil))
      let newest = BookWyrmExport.newest(readings)
      found.append((.givenUpDaysDropped, has(newest?.abandoned == true && newest?.end == nil), nil))
      found.append((.tags, has(!details.tags.isEmpty), nil))
      found.append((.moodsAndPace, has(!details.moods.isEmpty || details.pace != nil), nil))
      found.append(
        (.contentWarnings, has(!details.warnings.isEmpty || details.warningNote != nil), nil))
      found.append((.series, has(!details.series.isEmpty), nil))
      found.append((.contributors, has(!details.contributors.isEmpty), nil))
      found.append((.publisher, has(details.publisher != nil), nil))
      found.append(
        (.publicationYears, has(details.publicationYear != nil || details.editionYear != nil), nil))
      found.append(
        (.formats, has(item.book.format != nil || details.binding != nil), nil))
      found.append((.audiobookLength, has(item.book.length != nil), nil))
      found.append((.privateNotes, has(details.privateNotes != nil), nil))
      found.append((.authorSort, has(details.authorSort != nil), nil))
      found.append((.readCount, has(details.readCount != nil), nil))
      found.append((.ownedCopies, has(details.ownedCopies != nil), nil))
      // One identifier a column: one of no column, or a second of a kind, has no place.
      let columns = identifiers.compactMap { BookWyrmExport.column(of: $0)?.column }
      let lost = columns.count < identifiers.count || Set(columns).count < columns.count
      found.append((.otherIdentifiers, has(lost), nil))
    }
    return found
  }
}
