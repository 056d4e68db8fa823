import ReadingModel

/// The reader's Hardcover library, Hardcover's editions by ISBN, and the mutations a push
/// sends: every request paced (``HardcoverPacer``), every value a variable.
extension HardcoverAPI {
  /// Books asked for in one request: Hardcover's own pages are of this size or less.
  static let pageSize = 100
  /// Books of one library read at most.
  static let mostBooks = 2_000_000
  /// ISBNs asked for in one request.
  static let isbnsPerRequest = 100

  static let libraryQuery = """
    query Library($after: Int!, $limit: Int!) {
      me {
        id
        user_books(where: {id: {_gt: $after}}, order_by: {id: asc}, limit: $limit) {
          id user_id book_id edition_id status_id rating date_added review_raw
          review_has_spoilers
          book { title pages contributions { contribution author { name } } }
          edition { title isbn_13 isbn_10 pages audio_seconds }
          user_book_reads(order_by: {id: asc}) {
            id started_at finished_at progress_pages progress_seconds edition_id
          }
        }
      }
    }
    """

  /// Every book of the reader's Hardcover library, a page at a time.
  ///
  /// - Parameter told: Told the number of books read so far, after each page.
  /// - Returns: The reader's id and the books.
  /// - Throws: ``HardcoverError`` for an answer that is not a page of books, or a page that
  ///   goes back (an answer that would never end).
  func library(
    tokenFile: String, told: (Int) -> Void = { _ in }
  ) async throws -> (userID: Int64?, books: [HardcoverUserBook]) {
    var books: [HardcoverUserBook] = []
    var after: Int64 = 0
    var userID: Int64?
    while true {
      try Task.checkCancellation()
      let data = try await pacer.paced {
        try query(
          Self.libraryQuery,
          variables: ["after": .integer(after), "limit": .integer(Int64(Self.pageSize))],
          tokenFile: tokenFile)
      }
      let me = data.members?["me"]
      guard let user = (me?.items?.first ?? me)?.members,
        case .array(let rows)? = user["user_books"]
      else { throw HardcoverError.unexpectedAnswer("no list of your books") }
      userID = userID ?? user["id"]?.integer
      guard rows.count <= Self.pageSize else {
        throw HardcoverError.unexpectedAnswer(
          "\(rows.count) books where \(Self.pageSize) were asked")
      }
      for row in rows {
        guard let book = HardcoverUserBook(json: row) else {
          throw HardcoverError.unexpectedAnswer("a book without an id")
        }
        guard book.id > after else {
          throw HardcoverError.unexpectedAnswer("the books came back out of order")
        }
        after = book.id
        books.append(book)
      }
      told(books.count)
      if rows.count < Self.pageSize { return (userID, books) }
      // Far past any reader's library: an answer that never ends is not followed for ever.
      guard books.count < Self.mostBooks else {
        throw HardcoverError.unexpectedAnswer("more than \(Self.mostBooks) books")
      }
    }
  }

  static let editionsQuery = """
    query Editions($isbns: [String!]!) {
      editions(where: {_or: [{isbn_13: {_in: $isbns}}, {isbn_10: {_in: $isbns}}]}) {
        id book_id isbn_13 isbn_10
      }
    }
    """

  /// Hardcover's book and edition of each ISBN it knows.
  ///
  /// - Parameter isbns: ISBN-13s and ISBN-10s.
  /// - Returns: By each ISBN asked for that Hardcover has, its book and edition.
  func editions(isbns: [String], tokenFile: String) async throws
    -> [String: (bookID: Int64, editionID: Int64)]
  {
    var found: [String: (bookID: Int64, editionID: Int64)] = [:]
    let asked = Set(isbns)
    var start = 0
    while start < isbns.count {
      try Task.checkCancellation()
      let batch = Array(isbns[start..<min(start + Self.isbnsPerRequest, isbns.count)])
      start += batch.count
      let data = try await pacer.paced {
        try query(
          Self.editionsQuery, variables: ["isbns": .array(batch.map { .string($0) })],
          tokenFile: tokenFile)
      }
      guard case .array(let rows)? = data.members?["editions"] else {
        throw HardcoverError.unexpectedAnswer("no list of editions")
      }
      for row in rows {
        guard let edition = row.members, let id = edition["id"]?.integer,
          let book = edition["book_id"]?.integer
        else { continue }
        // An edition of an ISBN not asked for is no answer to this question.
        for key in ["isbn_13", "isbn_10"] {
          if let isbn = edition[key]?.string, asked.contains(isbn), found[isbn] == nil {
            found[isbn] = (book, id)
          }
        }
      }
    }
    return found
  }

  /// What Hardcover said of one operation sent.
  enum Outcome: Equatable {
    /// Done: the id of the row made or changed.
    case done(Int64)
    /// Refused, with Hardcover's words.
    case refused(String)
  }

  /// Sends `operations` in one request, each under an alias of its own.
  ///
  /// - Returns: What Hardcover said of each, in order; an operation the answer does not
  ///   name, or names with another row's id, is refused.
  func send(_ operations: [HardcoverOperation], tokenFile: String)
    async throws -> [Outcome]
  {
    guard !operations.isEmpty else { return [] }
    var declarations: [String] = []
    var fields: [String] = []
    var variables: [String: JSONValue] = [:]
    for (index, operation) in operations.enumerated() {
      var arguments: [String] = []
      for argument in operation.arguments {
        let name = "o\(index)_\(argument.name)"
        declarations.append("$\(name): \(argument.type)")
        arguments.append("\(argument.name): $\(name)")
        variables[name] = argument.value
      }
      fields.append(
        "o\(index): \(operation.name)(\(arguments.joined(separator: ", "))) { \(operation.answerFields) }"
      )
    }
    let text =
      "mutation Push(\(declarations.joined(separator: ", "))) {\n  "
      + fields.joined(separator: "\n  ") + "\n}"
    let (data, error) = try await pacer.paced(repeatable: false) {
      try answer(text, variables: variables, tokenFile: tokenFile)
    }
    return operations.enumerated().map { index, operation in
      guard let answer = data?.members?["o\(index)"]?.members else {
        return .refused(error ?? "no answer")
      }
      if let error = answer["error"]?.string, !error.isEmpty {
        return .refused(String(error.prefix(200)))
      }
      guard let id = answer["id"]?.integer, id > 0 else { return .refused("no id in the answer") }
      switch operation {
      case .updateUserBook(let sent, _), .updateRead(let sent, _), .deleteRead(let sent):
        return id == sent ? .done(id) : .refused("the answer names another row (\(id))")
      case .insertUserBook, .insertRead:
        return .done(id)
      }
    }
  }
}
