/// One book of a reader's Hardcover library as Hardcover's GraphQL API gives it (a
/// `user_books` row with its book, edition and reads): what `hardcover pull` brings in and
/// `hardcover push` compares with.
public struct HardcoverUserBook: Sendable, Equatable {
  /// One reading of the book (a `user_book_reads` row).
  public struct Read: Sendable, Equatable {
    public var id: Int64
    public var started: CalendarDay?
    public var finished: CalendarDay?
    public var progressPages: Int?
    public var progressSeconds: Int?
    public var editionID: Int64?

    public init(
      id: Int64, started: CalendarDay?, finished: CalendarDay?, progressPages: Int? = nil,
      progressSeconds: Int? = nil, editionID: Int64? = nil
    ) {
      self.id = id
      self.started = started
      self.finished = finished
      self.progressPages = progressPages
      self.progressSeconds = progressSeconds
      self.editionID = editionID
    }

    /// The day the read is ordered by: its start, else its finish (`YYYY-MM-DD`).
    var sortDay: String { (started ?? finished)?.description ?? "" }

    /// The reading as bookclub keeps one.
    public var period: ReadingPeriod { ReadingPeriod(start: started, end: finished) }
  }

  /// The `user_books` row's id: what updates name.
  public var id: Int64
  /// The user the row belongs to.
  public var userID: Int64?
  /// Hardcover's book: the id a book is linked to in the `hardcover-account` source.
  public var bookID: Int64
  public var editionID: Int64?
  /// Hardcover's `status_id`: 1 want to read, 2 reading, 3 read, 4 paused, 5 did not
  /// finish, 6 ignored.
  public var statusID: Int?
  public var rating: Double?
  public var dateAdded: CalendarDay?
  public var review: String
  public var reviewHasSpoilers: Bool
  public var title: String
  public var authors: [String]
  /// Narrators, translators and others, each with their role (`Jon Peller (Narrator)`).
  public var contributors: [String]
  public var isbn13: String
  public var isbn10: String
  public var pages: Int?
  public var audioSeconds: Int?
  public var reads: [Read]

  /// The statuses by `status_id`; 6 (ignored) is none of bookclub's.
  public static let statuses: [Int: ReadingStatus] = [
    1: .wantToRead, 2: .reading, 3: .finished, 4: .paused, 5: .abandoned,
  ]

  /// The `status_id` of a status.
  public static func statusID(of status: ReadingStatus) -> Int {
    statuses.first { $0.value == status }?.key ?? 1
  }

  /// Reads one row of the API's answer.
  ///
  /// - Returns: `nil` for a row without an id or a book id: no book can be named by it.
  public init?(json: JSONValue) {
    guard let row = json.members, let id = row["id"]?.integer, let bookID = row["book_id"]?.integer
    else { return nil }
    func text(_ value: JSONValue?) -> String { value?.string?.trimmingWhitespace() ?? "" }
    func day(_ value: JSONValue?) -> CalendarDay? {
      value?.string.flatMap { CalendarDay(String($0.prefix(10))) }
    }
    func count(_ value: JSONValue?) -> Int? {
      value?.integer.flatMap { $0 > 0 && $0 < 1_000_000_000 ? Int($0) : nil }
    }
    self.id = id
    self.bookID = bookID
    userID = row["user_id"]?.integer
    editionID = row["edition_id"]?.integer
    statusID = row["status_id"]?.integer.flatMap { (1...6).contains($0) ? Int($0) : nil }
    rating = row["rating"]?.double.flatMap { $0.isFinite && $0 > 0 && $0 <= 5 ? $0 : nil }
    dateAdded = day(row["date_added"])
    review = text(row["review_raw"])
    reviewHasSpoilers = row["review_has_spoilers"] == .bool(true)
    let book = row["book"]?.members ?? [:]
    let edition = row["edition"]?.members ?? [:]
    title = text(book["title"]).isEmpty ? text(edition["title"]) : text(book["title"])
    var authors: [String] = []
    var contributors: [String] = []
    for contribution in book["contributions"]?.items ?? [] {
      let name = text(contribution.members?["author"]?.members?["name"])
      guard !name.isEmpty else { continue }
      let role = text(contribution.members?["contribution"])
      if role.isEmpty || role == "Author" {
        authors.append(name)
      } else {
        contributors.append("\(name) (\(role))")
      }
    }
    self.authors = authors
    self.contributors = contributors
    isbn13 = text(edition["isbn_13"])
    isbn10 = text(edition["isbn_10"])
    pages = count(edition["pages"]) ?? count(book["pages"])
    audioSeconds = count(edition["audio_seconds"])
    reads = (row["user_book_reads"]?.items ?? []).compactMap { read -> Read? in
      guard let members = read.members, let id = members["id"]?.integer else { return nil }
      return Read(
        id: id, started: day(members["started_at"]), finished: day(members["finished_at"]),
        progressPages: count(members["progress_pages"]),
        progressSeconds: count(members["progress_seconds"]),
        editionID: members["edition_id"]?.integer)
    }.sorted { ($0.sortDay, $0.id) < ($1.sortDay, $1.id) }
  }

  /// The read going on: the newest without a finish.
  public var openRead: Read? { reads.last { $0.finished == nil } }
}
