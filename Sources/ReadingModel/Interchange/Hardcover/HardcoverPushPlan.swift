/// What `hardcover push` does with one book: which parts of it go to Hardcover, which are
/// already the same there, which Hardcover changed since the last sync (for `hardcover pull`)
/// and which both sides changed (listed, not sent). Three ways, as an import merges: the
/// base is what Hardcover held at the last pull or push.
public struct HardcoverPushPlan: Sendable {
  public typealias Part = HardcoverState.Part

  /// A part both sides changed since the last sync.
  public struct Conflict: Sendable, Equatable {
    public var part: Part
    public var ours: String
    public var theirs: String
  }

  public let book: Book.ID
  public let title: String
  /// Hardcover's book, and the edition the reader's copy is, when known.
  public let bookID: Int64
  public let editionID: Int64?
  /// The book in the reader's Hardcover library now; `nil` when it is not there.
  public let remote: HardcoverUserBook?
  /// The library's book, as Hardcover would hold it.
  public let ours: HardcoverState
  /// What Hardcover held at the last pull or push.
  public let base: SourceBase?
  public private(set) var sending: Set<Part> = []
  public private(set) var inStep: Set<Part> = []
  public private(set) var changedThere: [Part] = []
  public private(set) var conflicts: [Conflict] = []

  /// Compares the three sides.
  ///
  /// - Parameter oursWins: Send the library's value where both sides changed.
  public init(
    book: Book.ID, title: String, bookID: Int64, editionID: Int64?, remote: HardcoverUserBook?,
    ours: HardcoverState, base: SourceBase?, oursWins: Bool
  ) {
    self.book = book
    self.title = title
    self.bookID = bookID
    self.editionID = remote?.editionID ?? editionID
    self.remote = remote
    self.ours = ours
    self.base = base
    let theirs = remote?.state ?? Self.nothing
    let old = base.map { HardcoverState(fields: $0.fields, columns: $0.columns) }
    for part in Part.allCases {
      // A status bookclub has no word for ("ignored" there) is the reader's choice there.
      if part == .status, let remote, HardcoverUserBook.statuses[remote.statusID ?? 0] == nil,
        !oursWins
      {
        conflicts.append(Conflict(part: part, ours: ours.text(of: part), theirs: "ignored"))
        continue
      }
      if ours.agrees(with: theirs, on: part) {
        inStep.insert(part)
      } else if let old, ours.agrees(with: old, on: part) {
        changedThere.append(part)
      } else if let old, theirs.agrees(with: old, on: part) {
        sending.insert(part)
      } else if old == nil, theirs.agrees(with: Self.nothing, on: part) {
        sending.insert(part)
      } else if old == nil, ours.agrees(with: Self.nothing, on: part) {
        changedThere.append(part)
      } else if oursWins {
        sending.insert(part)
      } else {
        conflicts.append(
          Conflict(part: part, ours: ours.text(of: part), theirs: theirs.text(of: part)))
      }
    }
  }

  /// The state with nothing in it: a book not in the reader's Hardcover library.
  public static let nothing = HardcoverState(
    status: nil, rating: "", readings: [], progress: .init())

  /// Whether the book was in the reader's Hardcover library at the last sync and is no
  /// longer: taken out there, so not sent again.
  public var removedThere: Bool { remote == nil && base?.columns["user_book_id"] != nil }

  /// Whether anything goes to Hardcover.
  public var sendsAnything: Bool { !sending.isEmpty && !removedThere }

  /// What Hardcover holds once the plan's operations are through.
  ///
  /// - Parameter userBookID: The book's row in the reader's library (made by the push for
  ///   a book that was not there).
  public func nextBase(userBookID: Int64) -> SourceBase {
    ours.base(
      over: base, parts: sending.union(inStep), userBookID: userBookID, editionID: editionID)
  }
}
