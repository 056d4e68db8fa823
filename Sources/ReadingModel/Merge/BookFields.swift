#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What one side says about a book, field by field, in one canonical text form per field, so
/// that the library, a Goodreads row, a StoryGraph row and a stored merge base can be
/// compared and merged the same way.
///
/// A field that is absent is one the side has nothing to say about (a source without that
/// column); a field that is present and empty is a value (an empty cell, which clears).
/// Lists are their items joined with line breaks; ratings `4` or `3.75`; days `2024-01-31`;
/// statuses their raw values.
public struct BookFields: Sendable, Equatable {
  /// One slot per field, by ``BookField/index``: imports build several of these per row.
  private var slots = [String?](repeating: nil, count: BookField.allCases.count)

  public init() {}

  public subscript(field: BookField) -> String? {
    get { slots[field.index] }
    set { slots[field.index] = newValue }
  }

  /// Every field present with its value.
  public var values: [BookField: String] {
    Dictionary(uniqueKeysWithValues: fields.compactMap { field in self[field].map { (field, $0) } })
  }

  /// Whether every field holds the same text in both, an absent field reading as empty.
  public func hasSameText(as other: BookFields) -> Bool {
    zip(slots, other.slots).allSatisfy { ($0 ?? "") == ($1 ?? "") }
  }

  /// Whether the side has anything to say about `field`.
  public func has(_ field: BookField) -> Bool { slots[field.index] != nil }

  /// The items of a list field; empty when absent or empty.
  public func list(_ field: BookField) -> [String] {
    self[field]?.lineItems ?? []
  }

  /// Sets a list field.
  public mutating func setList(_ field: BookField, _ items: [String]) {
    self[field] = items.count == 1 ? items[0] : items.joined(separator: "\n")
  }

  /// The fields present, in ``BookField`` order.
  public var fields: [BookField] { BookField.allCases.filter { slots[$0.index] != nil } }

  /// An optional number in canonical form: empty when `nil`.
  public static func text(_ number: Int?) -> String { number.map(String.init) ?? "" }

  /// ``BookField/spoiler`` for a review that gives the story away; empty is none.
  public static let spoilerText = "true"

  /// The canonical ``BookField/spoiler`` of a `Spoiler` cell: `true` in any case, trimmed,
  /// is a spoiler; anything else (`false`, empty, a stranger's word) is none.
  public static func spoiler(cell: String) -> String {
    cell.trimmingWhitespace().lowercased() == spoilerText ? spoilerText : ""
  }

  /// A rating in canonical form (``Rating/text``): `4`, `3.75`, or empty when `nil` or no
  /// rating (not above 0 to 5).
  public static func text(rating: Double?) -> String {
    rating.flatMap(Rating.init(stored:))?.text ?? ""
  }
}

extension BookFields {
  /// Everything the library holds about a book.
  public init(book: Book, details: BookDetails) {
    self.init()
    self[.title] = book.title
    setList(.authors, book.authors)
    self[.authorSort] = details.authorSort ?? ""
    setList(.contributors, details.contributors)
    self[.isbn13] = book.isbn13 ?? ""
    self[.isbn10] = book.isbn10 ?? ""
    setList(.identifiers, details.identifiers)
    self[.pageCount] = Self.text(book.pageCount)
    self[.format] = book.format?.rawValue ?? ""
    self[.length] = book.length?.text ?? ""
    self[.status] = book.status.rawValue
    // An unknown date added is no value: the stored time is only the import's, for sorting.
    self[.dateAdded] = details.dateAddedUnknown ? "" : CalendarDay(utc: book.dateAdded).description
    self[.rating] = Self.text(rating: details.rating)
    setList(.readings, details.readings.map(\.text))
    self[.readCount] = Self.text(details.readCount)
    setList(.tags, details.tags)
    self[.publisher] = details.publisher ?? ""
    self[.editionYear] = Self.text(details.editionYear)
    self[.originalYear] = Self.text(details.publicationYear)
    self[.binding] = details.binding ?? ""
    self[.review] = details.review ?? ""
    self[.spoiler] = details.spoiler ? Self.spoilerText : ""
    self[.privateNotes] = details.privateNotes ?? ""
    setList(.series, details.series.map(\.text))
    self[.upNext] = details.upNext ?? ""
    setList(.moods, details.moods)
    self[.pace] = details.pace ?? ""
    setList(.warnings, details.warnings)
    self[.warningNote] = details.warningNote ?? ""
    self[.owned] = Self.text(details.ownedCopies)
    self[.work] = details.work ?? ""
  }

  /// Writes every field present into a book and its details; absent fields leave theirs.
  ///
  /// A title or author list that is empty is not applied: a book always has both. A date
  /// added moves only when its day changes, so the time of day the library knows survives;
  /// an empty one marks it unknown (``BookDetails/dateAddedUnknown``), and a day fills it.
  public func apply(to book: inout Book, _ details: inout BookDetails) {
    for field in BookField.allCases {
      guard let value = self[field] else { continue }
      switch field {
      case .title: if !value.isEmpty { book.title = value }
      case .authors: if !list(.authors).isEmpty { book.authors = list(.authors) }
      case .authorSort: details.authorSort = value.isEmpty ? nil : value
      case .contributors: details.contributors = list(.contributors)
      case .isbn13: book.isbn13 = value.isEmpty ? nil : value
      case .isbn10: book.isbn10 = value.isEmpty ? nil : value
      case .identifiers: details.identifiers = list(.identifiers)
      case .pageCount: book.pageCount = Int(value).flatMap { $0 > 0 ? $0 : nil }
      case .format: book.format = BookFormat(rawValue: value)
      case .length: book.length = try? AudioLength(parsing: value)
      case .status: book.status = ReadingStatus(rawValue: value) ?? book.status
      case .dateAdded:
        guard let day = CalendarDay(value) else {
          // Nobody says when: the date stays (the time of the import, for sorting), unknown.
          details.dateAddedUnknown = value.isEmpty || details.dateAddedUnknown
          continue
        }
        details.dateAddedUnknown = false
        if day != CalendarDay(utc: book.dateAdded) { book.dateAdded = day.startInUTC }
      case .rating: details.rating = Rating(storedText: value)?.value
      case .readings: details.readings = list(.readings).map(ReadingPeriod.init(text:))
      case .readCount: details.readCount = Int(value)
      case .tags: details.tags = list(.tags)
      case .publisher: details.publisher = value.isEmpty ? nil : value
      case .editionYear: details.editionYear = Int(value)
      case .originalYear: details.publicationYear = Int(value)
      case .binding: details.binding = value.isEmpty ? nil : value
      case .review: details.review = value.isEmpty ? nil : value
      case .spoiler: details.spoiler = value == Self.spoilerText
      case .privateNotes: details.privateNotes = value.isEmpty ? nil : value
      case .series: details.series = list(.series).compactMap(SeriesPlace.init(text:))
      case .upNext: details.upNext = UpNextKey.isValid(value) ? value : nil
      case .moods: details.moods = list(.moods)
      case .pace: details.pace = value.isEmpty ? nil : value
      case .warnings: details.warnings = list(.warnings)
      case .warningNote: details.warningNote = value.isEmpty ? nil : value
      case .owned: details.ownedCopies = Int(value).flatMap { $0 >= 0 ? $0 : nil }
      case .work: details.work = WorkKey.isValid(value) ? value : nil
      }
    }
  }
}
