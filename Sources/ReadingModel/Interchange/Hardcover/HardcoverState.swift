/// What Hardcover and bookclub can both hold of a book, in Hardcover's terms: the values
/// `hardcover push` sends and compares. The library's values are seen as Hardcover would
/// keep them (half stars, a reading given up without the day), so a value Hardcover rounds
/// is not sent again at every push.
public struct HardcoverState: Sendable, Equatable {
  /// Where the reader is in the read going on.
  public struct Progress: Sendable, Equatable {
    public var pages: Int?
    public var seconds: Int?

    public init(pages: Int? = nil, seconds: Int? = nil) {
      self.pages = pages
      self.seconds = seconds
    }

    /// Read from a base's columns (``write(into:)``).
    init(columns: [String: String]) {
      pages = columns["progress_pages"].flatMap { Int($0) }
      seconds = columns["progress_seconds"].flatMap { Int($0) }
    }

    func write(into columns: inout [String: String]) {
      columns["progress_pages"] = pages.map(String.init)
      columns["progress_seconds"] = seconds.map(String.init)
    }

    /// `page 120`, `2:05:00 in`, or `(none)`.
    public var text: String {
      if let pages { return "page \(pages)" }
      if let seconds, let length = AudioLength(seconds: seconds) { return "\(length.text) in" }
      return "(none)"
    }
  }

  /// `nil` for none of bookclub's (Hardcover's "ignored").
  public var status: ReadingStatus?
  /// A ``Rating/text`` in half stars, or empty for none.
  public var rating: String
  /// Oldest first, as Hardcover keeps them.
  public var readings: [ReadingPeriod]
  public var progress: Progress

  public init(
    status: ReadingStatus?, rating: String, readings: [ReadingPeriod], progress: Progress
  ) {
    self.status = status
    self.rating = rating
    self.readings = readings
    self.progress = progress
  }

  /// The state a source's fields and columns say: Hardcover's now, or a base.
  public init(fields: BookFields, columns: [String: String]) {
    status = fields[.status].flatMap { ReadingStatus(rawValue: $0) }
    rating = fields[.rating].flatMap { Rating(storedText: $0) }.map(Self.halfStars) ?? ""
    readings = Self.seen(fields.list(.readings).map(ReadingPeriod.init(text:)))
    progress = Progress(columns: columns)
  }

  /// The library's book as Hardcover would hold it.
  ///
  /// - Parameters:
  ///   - fields: The book's fields (``BookFields/init(book:details:)``).
  ///   - fraction: How far through the current reading the reader is.
  ///   - book: The book, for its page count, format and length.
  public init(fields: BookFields, fraction: Double, book: Book) {
    self.init(fields: fields, columns: [:])
    guard status == .reading || status == .paused, fraction > 0 else { return }
    if book.format == .audiobook, let length = book.length {
      progress.seconds = Int((fraction * Double(length.seconds)).rounded())
    } else if let pages = book.pageCount, pages > 0 {
      progress.pages = Int((fraction * Double(pages)).rounded())
    }
  }

  /// The API's row as a state.
  init(statusID: Int?, rating: Double?, reads: [HardcoverUserBook.Read]) {
    status = statusID.flatMap { HardcoverUserBook.statuses[$0] }
    self.rating = rating.flatMap { Rating(stored: $0) }.map(Self.halfStars) ?? ""
    readings = Self.seen(reads.map(\.period))
    // A position counts while the book is being read, as the library's does.
    guard status == .reading || status == .paused else {
      progress = Progress()
      return
    }
    let open = reads.last { $0.finished == nil }
    progress = Progress(pages: open?.progressPages, seconds: open?.progressSeconds)
  }

  /// Writes the status, rating and readings as fields.
  static func fields(_ state: HardcoverState, into fields: inout BookFields) {
    if let status = state.status { fields[.status] = status.rawValue }
    fields[.rating] = state.rating
    fields.setList(.readings, state.readings.map(\.text))
  }

  /// One value of the state: what a push compares, sends and reports on.
  public enum Part: String, Sendable, CaseIterable {
    case status, rating, readings, progress
  }

  /// The part as people read it.
  public func text(of part: Part) -> String {
    switch part {
    case .status: status?.displayName ?? "(none)"
    case .rating: rating.isEmpty ? "(none)" : rating
    case .readings: BookField.readings.display(readings.map(\.text).joined(separator: "\n"))
    case .progress: progress.text
    }
  }

  /// Whether the part is the same in both states.
  public func agrees(with other: HardcoverState, on part: Part) -> Bool {
    switch part {
    case .status: status == other.status
    case .rating: rating == other.rating
    case .readings: readings == other.readings
    case .progress: progress == other.progress
    }
  }

  /// A base that says these parts of this state, and what `base` said of everything else:
  /// what Hardcover holds once a push is through. Parts not given keep their old base, so a
  /// change on Hardcover not pulled yet, or a conflict, is still seen as one.
  public func base(
    over base: SourceBase?, parts: Set<Part>, userBookID: Int64, editionID: Int64?
  ) -> SourceBase {
    var fields = base?.fields ?? BookFields()
    if parts.contains(.status), let status { fields[.status] = status.rawValue }
    if parts.contains(.rating) { fields[.rating] = rating }
    if parts.contains(.readings) { fields.setList(.readings, readings.map(\.text)) }
    var columns = base?.columns ?? [:]
    columns["user_book_id"] = String(userBookID)
    if let editionID { columns["edition_id"] = String(editionID) }
    if parts.contains(.progress) { progress.write(into: &columns) }
    return SourceBase(fields: fields, columns: columns)
  }

  /// A rating as Hardcover keeps it: to the half star.
  static func halfStars(_ rating: Rating) -> String {
    let half = max((rating.value * 2).rounded(.toNearestOrAwayFromZero) / 2, 0.5)
    return Rating(stored: half)?.text ?? ""
  }

  /// Readings as Hardcover keeps them: a start and a finish; a reading given up keeps its
  /// start alone, and one with neither day is none.
  static func seen(_ readings: [ReadingPeriod]) -> [ReadingPeriod] {
    readings.compactMap { reading -> ReadingPeriod? in
      let seen = ReadingPeriod(start: reading.start, end: reading.abandoned ? nil : reading.end)
      return seen.start == nil && seen.end == nil ? nil : seen
    }.sorted { order($0) < order($1) }
  }

  /// Readings ordered by start, then finish: the same on both sides whatever order each
  /// keeps them in.
  private static func order(_ reading: ReadingPeriod) -> (String, String) {
    ((reading.start ?? reading.end)?.description ?? "", reading.end?.description ?? "")
  }
}

extension HardcoverUserBook {
  /// What the row holds, as a state.
  public var state: HardcoverState {
    HardcoverState(statusID: statusID, rating: rating, reads: reads)
  }
}
