/// One mutation of Hardcover's GraphQL API that `hardcover push` sends, with its input
/// object; its values go as variables, never into the query's text.
public enum HardcoverOperation: Sendable, Equatable {
  /// A book added to the reader's library (`insert_user_book`).
  case insertUserBook(object: [String: JSONValue])
  /// The status or rating of a book in it (`update_user_book`).
  case updateUserBook(id: Int64, object: [String: JSONValue])
  /// A reading added (`insert_user_book_read`).
  case insertRead(userBookID: Int64, object: [String: JSONValue])
  /// A reading's dates or progress (`update_user_book_read`).
  case updateRead(id: Int64, object: [String: JSONValue])
  /// A reading taken out (`delete_user_book_read`).
  case deleteRead(id: Int64)

  /// Whether the mutation sets a reading's progress.
  public var carriesProgress: Bool {
    switch self {
    case .insertRead(_, let object), .updateRead(_, let object):
      object["progress_pages"] != nil || object["progress_seconds"] != nil
    case .insertUserBook, .updateUserBook, .deleteRead: false
    }
  }

  /// The mutation's name.
  public var name: String {
    switch self {
    case .insertUserBook: "insert_user_book"
    case .updateUserBook: "update_user_book"
    case .insertRead: "insert_user_book_read"
    case .updateRead: "update_user_book_read"
    case .deleteRead: "delete_user_book_read"
    }
  }

  /// The mutation's arguments: each name, its GraphQL type and its value.
  public var arguments: [(name: String, type: String, value: JSONValue)] {
    switch self {
    case .insertUserBook(let object):
      [("object", "UserBookCreateInput!", .object(object))]
    case .updateUserBook(let id, let object):
      [("id", "Int!", .integer(id)), ("object", "UserBookUpdateInput!", .object(object))]
    case .insertRead(let userBookID, let object):
      [
        ("user_book_id", "Int!", .integer(userBookID)),
        ("user_book_read", "DatesReadInput!", .object(object)),
      ]
    case .updateRead(let id, let object):
      [("id", "Int!", .integer(id)), ("object", "DatesReadInput!", .object(object))]
    case .deleteRead(let id):
      [("id", "Int!", .integer(id))]
    }
  }

  /// The answer's fields asked for: the row's id, and an error Hardcover's own mutations
  /// give instead of one.
  public var answerFields: String {
    if case .deleteRead = self { return "id" }
    return "id error"
  }
}

extension HardcoverPushPlan {
  /// The first operation: the book added to the reader's library, or its status and rating
  /// set; `nil` when neither is needed.
  public var bookOperation: HardcoverOperation? {
    guard sendsAnything else { return nil }
    var object: [String: JSONValue] = [:]
    if remote == nil || sending.contains(.status) {
      object["status_id"] = .integer(
        Int64(HardcoverUserBook.statusID(of: ours.status ?? .wantToRead)))
    }
    if remote == nil || sending.contains(.rating) {
      object["rating"] = Rating(storedText: ours.rating).map { .number($0.value) } ?? .null
    }
    guard let remote else {
      object["book_id"] = .integer(bookID)
      if let editionID { object["edition_id"] = .integer(editionID) }
      return .insertUserBook(object: object)
    }
    return object.isEmpty ? nil : .updateUserBook(id: remote.id, object: object)
  }

  /// The operations on the book's readings, once its row in the reader's library is known.
  ///
  /// Readings go only when they are sent: each of ours is matched to one there (the same
  /// finish day, else the same start for two going on, else a read going on there that
  /// ours has finished since), changed where it differs, added where none matches; one
  /// there that the last sync had and ours has not is taken out. Progress goes on the read
  /// going on; without readings sent it never makes one, and no progress is sent over one
  /// Hardcover has when the library has none.
  public func readOperations(userBookID: Int64) -> [HardcoverOperation] {
    guard sendsAnything else { return [] }
    let sendingReadings = sending.contains(.readings)
    let sendingProgress = sending.contains(.progress) && ours.progress != HardcoverState.Progress()
    guard sendingReadings || sendingProgress else { return [] }
    let theirs = remote?.reads ?? []
    let matches = Self.match(ours.readings, to: theirs)
    var objects: [Int: [String: JSONValue]] = [:]  // by our reading's place
    var progressPlaced = false
    let openIndex = ours.readings.lastIndex { $0.end == nil }
    for (index, reading) in ours.readings.enumerated() {
      var object: [String: JSONValue] = [:]
      if sendingReadings, matches[index]?.period != reading {
        object["started_at"] = reading.start.map { .string($0.description) } ?? .null
        object["finished_at"] = reading.end.map { .string($0.description) } ?? .null
      }
      if index == openIndex, sendingProgress, matches[index] != nil || sendingReadings {
        progressPlaced = true
        object.merge(progressObject) { $1 }
      }
      objects[index] = object
    }
    var operations: [HardcoverOperation] = []
    for (index, _) in ours.readings.enumerated() {
      guard var object = objects[index], !object.isEmpty else { continue }
      if let read = matches[index] {
        operations.append(.updateRead(id: read.id, object: object))
      } else if sendingReadings {
        if let editionID { object["edition_id"] = .integer(editionID) }
        operations.append(.insertRead(userBookID: userBookID, object: object))
      }
    }
    let matched = Set(matches.values.map(\.id))
    // A reading Hardcover had at the last sync that is gone here was taken out here.
    let before = base.map { HardcoverState(fields: $0.fields, columns: [:]).readings } ?? []
    let takenOut =
      sendingReadings
      ? theirs.filter { read in
        !matched.contains(read.id) && before.contains { Self.sameReading(read.period, $0) }
      } : []
    if sendingProgress, !progressPlaced {
      // No reading going on here: the one going on there carries the progress (not one
      // taken out below), or, where readings agree, a read without days does.
      let unavailable = Set(takenOut.map(\.id)).union(matched)
      if let open = theirs.last(where: { $0.finished == nil && !unavailable.contains($0.id) }) {
        operations.append(.updateRead(id: open.id, object: progressObject))
      } else if !sendingReadings, theirs.allSatisfy({ $0.finished != nil }) {
        var object = progressObject
        if let editionID { object["edition_id"] = .integer(editionID) }
        operations.append(.insertRead(userBookID: userBookID, object: object))
      }
    }
    operations += takenOut.map { .deleteRead(id: $0.id) }
    return operations
  }

  /// Whether the progress this push sends finds no reading to go on: none going on here
  /// that is sent, none going on there that stays, and readings sent (so none is made for
  /// it). It is not sent; the report says so.
  public var leavesProgress: Bool {
    guard sending.contains(.progress), ours.progress != HardcoverState.Progress() else {
      return false
    }
    // The id only names the book the mutations go to; where progress goes does not hang on it.
    return !readOperations(userBookID: remote?.id ?? 0).contains(where: \.carriesProgress)
  }

  /// The progress to send, pages or seconds.
  private var progressObject: [String: JSONValue] {
    [
      "progress_pages": ours.progress.pages.map { .integer(Int64($0)) } ?? .null,
      "progress_seconds": ours.progress.seconds.map { .integer(Int64($0)) } ?? .null,
    ]
  }

  /// Which read there each of our readings is, by its place: the same reading first, then
  /// a read going on there that has the start of one of ours finished since.
  static func match(_ ours: [ReadingPeriod], to theirs: [HardcoverUserBook.Read]) -> [Int:
    HardcoverUserBook.Read]
  {
    var matches: [Int: HardcoverUserBook.Read] = [:]
    var taken: Set<Int64> = []
    for (index, reading) in ours.enumerated() {
      if let read = theirs.first(where: {
        !taken.contains($0.id) && sameReading($0.period, reading)
      }) {
        matches[index] = read
        taken.insert(read.id)
      }
    }
    for (index, reading) in ours.enumerated() where matches[index] == nil && reading.end != nil {
      if let read = theirs.first(where: {
        !taken.contains($0.id) && $0.finished == nil && $0.started == reading.start
      }) {
        matches[index] = read
        taken.insert(read.id)
      }
    }
    return matches
  }

  /// Two readings are one when they end the same day, or neither ended and they began the
  /// same day.
  static func sameReading(_ one: ReadingPeriod, _ other: ReadingPeriod) -> Bool {
    one.end != nil || other.end != nil ? one.end == other.end : one.start == other.start
  }
}
