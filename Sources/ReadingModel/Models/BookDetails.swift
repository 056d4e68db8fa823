/// One reading (read-through) of a book: when it started and when it ended, either of which
/// may be unknown, and whether it ended in a finish or was abandoned. A reading without an
/// end is the one going on.
public struct ReadingPeriod: Sendable, Hashable {
  public var start: CalendarDay?
  public var end: CalendarDay?
  /// Whether the reading was given up rather than finished.
  public var abandoned: Bool

  public init(start: CalendarDay? = nil, end: CalendarDay? = nil, abandoned: Bool = false) {
    self.start = start
    self.end = end
    self.abandoned = abandoned
  }

  /// `2023-05-23/2023-06-07`, either side possibly empty, `/abandoned` after a given-up one:
  /// how the library stores a reading.
  public var text: String {
    (start?.description ?? "") + "/" + (end?.description ?? "") + (abandoned ? "/abandoned" : "")
  }

  /// Reads ``text``; a side that is not a day is unknown.
  public init(text: some StringProtocol) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    self.init(
      start: parts.first.flatMap { CalendarDay($0) },
      end: parts.count > 1 ? CalendarDay(parts[1]) : nil,
      abandoned: parts.count > 2 && parts[2] == "abandoned")
  }

  /// The day of the latest reading that was finished (not abandoned), if any has a day.
  public static func lastFinish(_ readings: [ReadingPeriod]) -> CalendarDay? {
    readings.filter { !$0.abandoned }.compactMap(\.end).max()
  }
}

/// What a book's record holds beyond what lists show: the fields that Goodreads and
/// StoryGraph exports carry. Stored apart from ``Book`` so that listing stays lean.
public struct BookDetails: Sendable, Equatable {
  /// 0.25 to 5 stars; `nil` when unrated.
  public var rating: Double?
  public var review: String?
  /// Whether the review gives the story away (Goodreads' `Spoiler`): `show` says so before
  /// it, and the flag goes with the review through exports and merges.
  public var spoiler: Bool
  /// Shelves and tags, in the order given.
  public var tags: [String]
  /// Each reading with its dates, oldest first; empty when no dates are known.
  public var readings: [ReadingPeriod]
  public var readCount: Int?
  public var publisher: String?
  /// The year the work was first published; negative before the common era.
  public var publicationYear: Int?
  /// The year this edition was published.
  public var editionYear: Int?
  /// Paperback, Hardcover, Kindle Edition, audio, ...
  public var binding: String?
  /// The first author, last name first, as a source wrote it (`Le Guin, Ursula K.`).
  public var authorSort: String?
  public var privateNotes: String?
  /// Translators, illustrators, editors: `Richard Pevear (Translator)`.
  public var contributors: [String]
  /// Codes that name the book besides its ISBNs: another edition's ISBN given by a second
  /// source, an ASIN, a barcode that is not an ISBN.
  public var identifiers: [String]
  /// The book's id in other services: `["goodreads": "1234"]`.
  public var sourceIDs: [String: String]
  /// The series the book is in, with its place in each, in the order given.
  public var series: [SeriesPlace]
  /// The book's place in the Up Next queue (``UpNextKey``): lower comes sooner; `nil` when
  /// not queued.
  public var upNext: String?
  /// How the book felt (StoryGraph's moods: `adventurous`, `dark`, `tense`), in the order
  /// given.
  public var moods: [String]
  /// How fast it read (StoryGraph's pace: `slow`, `medium`, `fast`), as given.
  public var pace: String?
  /// Content warnings, each ``ContentWarning/text`` (`graphic: Violence`), in the order
  /// given.
  public var warnings: [String]
  /// StoryGraph's `Content Warning Description`: the warnings in the reader's own words.
  public var warningNote: String?
  /// How many copies the reader owns: 0 for none; `nil` when nobody said.
  public var ownedCopies: Int?
  /// The work this book is an edition of (``WorkKey``): books with the same key are
  /// editions of one work; `nil` when it is linked to none.
  public var work: String?
  /// Whether nobody said when the book was added (a StoryGraph row without `Date Added`):
  /// ``Book/dateAdded`` then holds the import time only so that sorting by date added
  /// has a place for the book, and exports and merges read the date as empty.
  public var dateAddedUnknown: Bool

  public init(
    rating: Double? = nil, review: String? = nil, tags: [String] = [],
    readings: [ReadingPeriod] = [], readCount: Int? = nil, publisher: String? = nil,
    publicationYear: Int? = nil, editionYear: Int? = nil, binding: String? = nil,
    privateNotes: String? = nil, contributors: [String] = [], identifiers: [String] = [],
    authorSort: String? = nil, sourceIDs: [String: String] = [:], dateAddedUnknown: Bool = false,
    spoiler: Bool = false, series: [SeriesPlace] = [], upNext: String? = nil,
    moods: [String] = [], pace: String? = nil, warnings: [String] = [],
    warningNote: String? = nil, ownedCopies: Int? = nil, work: String? = nil
  ) {
    self.rating = rating
    self.review = review
    self.tags = tags
    self.readings = readings
    self.readCount = readCount
    self.publisher = publisher
    self.publicationYear = publicationYear
    self.editionYear = editionYear
    self.binding = binding
    self.privateNotes = privateNotes
    self.contributors = contributors
    self.identifiers = identifiers
    self.authorSort = authorSort
    self.sourceIDs = sourceIDs
    self.dateAddedUnknown = dateAddedUnknown
    self.spoiler = spoiler
    self.series = series
    self.upNext = upNext
    self.moods = moods
    self.pace = pace
    self.warnings = warnings
    self.warningNote = warningNote
    self.ownedCopies = ownedCopies
    self.work = work
  }

  /// Whether nothing is known.
  public var isEmpty: Bool { self == BookDetails() }
}

extension BookDetails {
  /// `1871`, or `725 BC` for -725 (the negative years Goodreads gives for works before 1).
  public static func yearText(_ year: Int) -> String {
    year < 0 ? "\(-year) BC" : String(year)
  }
}
