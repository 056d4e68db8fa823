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
  public func readOperations(userBookID: Int64) -> [HardcoverOperation] {
    guard sendsAnything, sending.contains(.readings) || sending.contains(.progress) else {
      return []
    }
    let theirs = remote?.reads ?? []
    var matched: Set<Int64> = []
    var operations: [HardcoverOperation] = []
    let openIndex = ours.readings.lastIndex { $0.end == nil }
    var progressPlaced = false
    for (index, reading) in ours.readings.enumerated() {
      let read = theirs.first { !matched.contains($0.id) && Self.sameReading($0.period, reading) }
      var object: [String: JSONValue] = [:]
      if sending.contains(.readings), read?.period != reading {
        object["started_at"] = reading.start.map { .string($0.description) } ?? .null
        object["finished_at"] = reading.end.map { .string($0.description) } ?? .null
      }
      if index == openIndex, sending.contains(.progress) {
        progressPlaced = true
        object["progress_pages"] = ours.progress.pages.map { .integer(Int64($0)) } ?? .null
        object["progress_seconds"] = ours.progress.seconds.map { .integer(Int64($0)) } ?? .null
      }
      if let read {
        matched.insert(read.id)
        if !object.isEmpty { operations.append(.updateRead(id: read.id, object: object)) }
      } else if sending.contains(.readings) || index == openIndex {
        if let editionID { object["edition_id"] = .integer(editionID) }
        object["started_at"] = reading.start.map { .string($0.description) } ?? .null
        object["finished_at"] = reading.end.map { .string($0.description) } ?? .null
        operations.append(.insertRead(userBookID: userBookID, object: object))
      }
    }
    if sending.contains(.progress), !progressPlaced {
      // Progress without a reading here: the read going on there carries it, or a new one.
      var object: [String: JSONValue] = [
        "progress_pages": ours.progress.pages.map { .integer(Int64($0)) } ?? .null,
        "progress_seconds": ours.progress.seconds.map { .integer(Int64($0)) } ?? .null,
      ]
      if let open = theirs.last(where: { $0.finished == nil && !matched.contains($0.id) }) {
        matched.insert(open.id)
        operations.append(.updateRead(id: open.id, object: object))
      } else if ours.progress != HardcoverState.Progress() {
        if let editionID { object["edition_id"] = .integer(editionID) }
        operations.append(.insertRead(userBookID: userBookID, object: object))
      }
    }
    if sending.contains(.readings) {
      // A reading Hardcover had at the last sync that is gone here was taken out here.
      let before = base.map { HardcoverState(fields: $0.fields, columns: [:]).readings } ?? []
      for read in theirs
      where !matched.contains(read.id)
        && before.contains(where: { Self.sameReading(read.period, $0) })
      {
        operations.append(.deleteRead(id: read.id))
      }
    }
    return operations
  }

  /// Two readings are one when they end the same day, or neither ended and they began the
  /// same day.
  static func sameReading(_ one: ReadingPeriod, _ other: ReadingPeriod) -> Bool {
    one.end != nil || other.end != nil ? one.end == other.end : one.start == other.start
  }
}
