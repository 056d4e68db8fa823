/// One kind of thing an export to another service's file loses. The first kinds change a
/// value the file keeps (a rating rounded, readings dropped); the rest have no place in the
/// file at all. What each target keeps is its exporter's header (``GoodreadsExport``,
/// ``StoryGraphExport``): a field of ``LibraryArchive/Item`` no column writes is listed here.
enum ExportLoss: String, CaseIterable, Sendable {
  case ratingRounded
  case readingsDropped
  case readingStartsDropped
  case ownedCountRounded
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

  /// Whether the file keeps the value, changed (else it has no place for it).
  var isChange: Bool {
    [.ratingRounded, .readingsDropped, .readingStartsDropped, .ownedCountRounded].contains(self)
  }

  /// `14 books: rating 4.25 written as 4 (Goodreads has whole stars).`
  func line(_ tally: ExportLosses.Tally, target: ExportLosses.Target) -> String {
    let books = tally.books == 1 ? "1 book" : "\(tally.books) books"
    let example = tally.example.map { " " + $0 } ?? ""
    switch self {
    case .ratingRounded:
      return "\(books): rating\(example) (\(target.name) has whole stars)."
    case .readingsDropped:
      let readings = tally.things == 1 ? "1 of their readings" : "\(tally.things) of their readings"
      let kept =
        target == .goodreads
        ? "Goodreads keeps the latest finish" : "\(target.name) keeps finished readings only"
      return "\(books): \(readings) not written (\(kept))."
    case .readingStartsDropped:
      return "\(books): the day a reading began not written (\(target.name) keeps the finish)."
    case .ownedCountRounded:
      return "\(books): copies owned\(example) (\(target.name) keeps yes or no)."
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
    var found: [(ExportLoss, Int, String?)] = [
      (.progress, item.progress.entries.count, nil),
      (.sessions, item.sessions.count, nil),
      (.highlights, item.highlights.count, nil),
      (.statusHistory, item.statusChanges.count, nil),
      (.series, details.series.isEmpty ? 0 : 1, nil),
      (.editions, details.work == nil ? 0 : 1, nil),
      (.upNext, details.upNext == nil ? 0 : 1, nil),
      (.audiobookLength, item.book.length == nil ? 0 : 1, nil),
    ]
    let identifiers = details.identifiers.count
    switch target {
    case .goodreads:
      if let rating = details.rating, let given = Rating(given: rating),
        Double(given.wholeStars) != rating
      {
        found.append((.ratingRounded, 1, "\(given.text) written as \(given.wholeStars)"))
      }
      // Goodreads keeps one finish (Date Read): every other reading goes, and the start.
      let latest = finished.compactMap(\.end).max()
      found.append((.readingsDropped, readings.count - (latest == nil ? 0 : 1), nil))
      let latestStart = readings.first { $0.end == latest && !$0.abandoned }?.start
      found.append((.readingStartsDropped, latest != nil && latestStart != nil ? 1 : 0, nil))
      found.append((.moodsAndPace, details.moods.isEmpty && details.pace == nil ? 0 : 1, nil))
      found.append(
        (.contentWarnings, details.warnings.isEmpty && details.warningNote == nil ? 0 : 1, nil))
      found.append((.contributors, details.contributors.isEmpty ? 0 : 1, nil))
      found.append((.otherIdentifiers, identifiers == 0 ? 0 : 1, nil))
    case .storygraph:
      found.append((.readingsDropped, readings.count - finished.count, nil))
      if let copies = details.ownedCopies, copies > 1 {
        found.append((.ownedCountRounded, 1, "\(copies) written as Yes"))
      }
      // One identifier goes in ISBN/UID, and only when the book has no ISBN.
      let hasISBN = item.book.isbn13 != nil || item.book.isbn10 != nil
      found.append((.otherIdentifiers, identifiers - (hasISBN ? 0 : 1) > 0 ? 1 : 0, nil))
      found.append((.pageCount, item.book.pageCount == nil ? 0 : 1, nil))
      found.append((.publisher, details.publisher == nil ? 0 : 1, nil))
      found.append(
        (
          .publicationYears, details.publicationYear == nil && details.editionYear == nil ? 0 : 1,
          nil
        ))
      found.append((.authorSort, details.authorSort == nil ? 0 : 1, nil))
      found.append((.privateNotes, details.privateNotes == nil ? 0 : 1, nil))
      found.append((.spoilerMark, details.spoiler ? 1 : 0, nil))
    }
    return found
  }
}
