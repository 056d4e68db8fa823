/// One thing a source can say about a book: the unit in which imports compare, merge and
/// report. The raw values name fields in stored merge bases; never change them.
public enum BookField: String, CaseIterable, Sendable, Comparable {
  case title, authors, authorSort, contributors
  case isbn13, isbn10, identifiers
  case pageCount = "pages"
  case status
  case dateAdded = "added"
  case rating, readings, readCount, tags
  case publisher, editionYear, originalYear, binding
  case review
  /// Whether the review gives the story away: `true`, or empty for no (Goodreads'
  /// `Spoiler`).
  case spoiler
  case privateNotes
  /// The series the book is in, each ``SeriesPlace/text`` (`Discworld #3`) an item.
  case series
  /// The book's place in the Up Next queue (``BookDetails/upNext``); no source has one.
  case upNext
  /// StoryGraph's moods, compared folded as tags are.
  case moods
  /// StoryGraph's pace.
  case pace
  /// Paper, ebook or audiobook (``BookFormat``), read off a source's binding.
  case format
  /// An audiobook's length, ``AudioLength/text`` (`11:42`).
  case length
  /// Content warnings, each ``ContentWarning/text`` an item, compared folded.
  case warnings
  /// The warnings in the reader's words (StoryGraph's `Content Warning Description`).
  case warningNote
  /// Copies owned, a number: `0` for none (Goodreads' `Owned Copies`, StoryGraph's `Owned?`).
  case owned
  /// The work the book is an edition of (``WorkKey``); no service export has one.
  case work

  /// How values of a field are compared and merged.
  enum Kind {
    /// Compared as they are.
    case text
    /// Two titles agree when their ``MatchKey/title(_:)`` agree.
    case title
    /// A list merged item by item; items with the same key are one item.
    case list(ListItem)
    /// A reading status, which an import never moves backwards on its own.
    case status
    /// Stars; a whole number agrees with the fraction it rounds.
    case rating
    /// The earliest date wins.
    case dateAdded
  }

  /// What makes two items of a list the same item.
  enum ListItem {
    /// Author names, compared by ``MatchKey/author(_:)``.
    case person
    /// Tags, compared folded.
    case tag
    /// Identifiers, compared as they are.
    case code
    /// Readings (``ReadingPeriod/text``), one per finish day.
    case reading
    /// Places in series, one per series (``SeriesPlace/key``): a new place rewrites it.
    case series
  }

  var kind: Kind {
    switch self {
    case .title: .title
    case .authors, .contributors: .list(.person)
    case .tags, .moods, .warnings: .list(.tag)
    case .identifiers: .list(.code)
    case .readings: .list(.reading)
    case .series: .list(.series)
    case .status: .status
    case .rating: .rating
    case .dateAdded: .dateAdded
    default: .text
    }
  }

  var isList: Bool {
    if case .list = kind { return true }
    return false
  }

  /// How summaries name the field.
  public var label: String {
    switch self {
    case .title: "title"
    case .authors: "authors"
    case .authorSort: "author, last name first"
    case .contributors: "contributors"
    case .isbn13: "ISBN-13"
    case .isbn10: "ISBN-10"
    case .identifiers: "other identifiers"
    case .pageCount: "pages"
    case .status: "status"
    case .dateAdded: "date added"
    case .rating: "rating"
    case .readings: "dates read"
    case .readCount: "read count"
    case .tags: "tags"
    case .publisher: "publisher"
    case .editionYear: "edition year"
    case .originalYear: "first published"
    case .binding: "binding"
    case .review: "review"
    case .spoiler: "review has spoilers"
    case .privateNotes: "private notes"
    case .series: "series"
    case .upNext: "up next"
    case .moods: "moods"
    case .pace: "pace"
    case .format: "format"
    case .length: "length"
    case .warnings: "content warnings"
    case .warningNote: "content warning note"
    case .owned: "copies owned"
    case .work: "work"
    }
  }

  /// A value of this field as people read it: statuses by name, readings as `start – end`,
  /// lists joined with commas, `(empty)` for nothing.
  public func display(_ value: String) -> String {
    if self == .spoiler { return value == BookFields.spoilerText ? "yes" : "no" }
    guard !value.isEmpty else { return "(empty)" }
    switch kind {
    case .status: return ReadingStatus(rawValue: value)?.displayName ?? value
    case .list(.reading):
      return value.split(separator: "\n").map { reading in
        let period = ReadingPeriod(text: reading)
        switch (period.start, period.end) {
        case (let start?, let end?): return "\(start) – \(end)"
        case (let start?, nil): return "since \(start)"
        case (nil, let end?): return end.description
        case (nil, nil): return "date unknown"
        }
      }.joined(separator: ", ")
    case .list: return value.split(separator: "\n").joined(separator: ", ")
    default:
      if self == .editionYear || self == .originalYear, let year = Int(value) {
        return BookDetails.yearText(year)
      }
      return value
    }
  }

  public static func < (lhs: BookField, rhs: BookField) -> Bool {
    lhs.index < rhs.index
  }

  /// The field's place in ``allCases``: the order summaries list fields in.
  var index: Int {
    switch self {
    case .title: 0
    case .authors: 1
    case .authorSort: 2
    case .contributors: 3
    case .isbn13: 4
    case .isbn10: 5
    case .identifiers: 6
    case .pageCount: 7
    case .status: 8
    case .dateAdded: 9
    case .rating: 10
    case .readings: 11
    case .readCount: 12
    case .tags: 13
    case .publisher: 14
    case .editionYear: 15
    case .originalYear: 16
    case .binding: 17
    case .review: 18
    case .spoiler: 19
    case .privateNotes: 20
    case .series: 21
    case .upNext: 22
    case .moods: 23
    case .pace: 24
    case .format: 25
    case .length: 26
    case .warnings: 27
    case .warningNote: 28
    case .owned: 29
    case .work: 30
    }
  }

  /// Every field, sorted by raw value: the order of keys in stored JSON.
  static let byName = allCases.sorted { $0.rawValue < $1.rawValue }
  /// Every field ordered by the UTF-8 bytes of its name, and those names: how stored fields
  /// are read off their text (``StringMapJSON/NamedValues``).
  static let byNameBytes = allCases.sorted {
    Array($0.rawValue.utf8).lexicographicallyPrecedes(Array($1.rawValue.utf8))
  }
  static let nameBytes = byNameBytes.map { Array($0.rawValue.utf8) }
}
