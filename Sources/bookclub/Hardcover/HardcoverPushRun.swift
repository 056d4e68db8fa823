import ReadingModel

/// One `hardcover push`: the library's books matched to Hardcover's, each book's plan
/// (``HardcoverPushPlan``), then the plans sent a few books a request, and what Hardcover
/// holds of each book sent recorded as the base of the next sync.
///
/// A push compares with Hardcover's library as it is when the push begins, not only with
/// the last sync's base, so a push stopped anywhere (Ctrl-C, a lost connection, a kill)
/// and run again sends each change once: what got through is already the same there.
struct HardcoverPushRun {
  /// Books sent in one request.
  static let booksPerRequest = 10
  /// Books of the library read at a time.
  static let pageSize = 500

  /// A book of the library that cannot be sent, and why.
  struct Left {
    let book: Book.ID
    let title: String
    let reason: String
  }

  /// What Hardcover cannot hold of a book as it is here.
  struct Rounding {
    var ratings: [(title: String, ours: String, sent: String)] = []
    var daysGivenUp = 0
  }

  let api: HardcoverAPI
  let tokenFile: String
  private(set) var plans: [HardcoverPushPlan] = []
  private(set) var notFound: [Left] = []
  private(set) var rounding = Rounding()

  /// Reads the library and the reader's Hardcover library, and plans every book.
  ///
  /// - Parameter oursWins: Send the library's value where both sides changed.
  init(
    library: any Library, api: HardcoverAPI, tokenFile: String,
    oursWins: Bool, told: (String) -> Void
  ) async throws {
    self.api = api
    self.tokenFile = tokenFile
    let (userID, remoteBooks) = try await api.library(tokenFile: tokenFile) {
      told("\($0) books on Hardcover")
    }
    // A row of another user's is none of the reader's books.
    let mine = remoteBooks.filter { book in
      userID.map { book.userID == nil || book.userID == $0 } ?? true
    }
    let remote = Dictionary(mine.map { ($0.bookID, $0) }, uniquingKeysWith: { first, _ in first })
    var waiting: [(item: LibraryArchive.Item, isbns: [String])] = []
    var claimed: [Int64: String] = [:]
    var last: Book.ID?
    while true {
      try Task.checkCancellation()
      let items = try await library.archivePage(after: last, limit: Self.pageSize)
      for item in items {
        if let id = Self.linkedID(item) {
          plan(item, bookID: id, editionID: nil, remote: remote, claimed: &claimed, oursWins)
        } else {
          waiting.append((item, [item.book.isbn13, item.book.isbn10].compactMap { $0 }))
        }
      }
      guard let final = items.last, items.count == Self.pageSize else { break }
      last = final.book.id
    }
    told("looking up \(waiting.count) books by ISBN")
    let editions = try await api.editions(
      isbns: waiting.flatMap(\.isbns), tokenFile: tokenFile)
    for (item, isbns) in waiting {
      guard let found = isbns.lazy.compactMap({ editions[$0] }).first else {
        notFound.append(
          Left(
            book: item.book.id, title: item.book.title,
            reason: isbns.isEmpty
              ? "no ISBN and no Hardcover id" : "Hardcover knows none of its ISBNs"))
        continue
      }
      plan(
        item, bookID: found.bookID, editionID: found.editionID, remote: remote, claimed: &claimed,
        oursWins)
    }
  }

  /// The Hardcover book the library's book is linked to: by an earlier pull or push, else
  /// by an import of Hardcover's CSV export.
  private static func linkedID(_ item: LibraryArchive.Item) -> Int64? {
    for source in [HardcoverLibrary.source, HardcoverLibrary.csvSource] {
      if let id = item.details.sourceIDs[source], !ImportedBook.isFallbackID(id),
        let number = Int64(id)
      {
        return number
      }
    }
    return nil
  }

  private mutating func plan(
    _ item: LibraryArchive.Item, bookID: Int64, editionID: Int64?,
    remote: [Int64: HardcoverUserBook], claimed: inout [Int64: String], _ oursWins: Bool
  ) {
    if let first = claimed[bookID] {
      notFound.append(
        Left(
          book: item.book.id, title: item.book.title,
          reason: "Hardcover's book \(bookID) is \(first) here already"))
      return
    }
    claimed[bookID] = "#\(item.book.id) \(item.book.title)"
    let fields = BookFields(book: item.book, details: item.details)
    let ours = HardcoverState(
      fields: fields, fraction: item.progress.currentFraction(status: item.book.status),
      book: item.book)
    let plan = HardcoverPushPlan(
      book: item.book.id, title: item.book.title, bookID: bookID, editionID: editionID,
      remote: remote[bookID], ours: ours, base: item.bases[HardcoverLibrary.source],
      oursWins: oursWins)
    if plan.sending.contains(.rating), let rating = item.details.rating,
      let given = Rating(stored: rating),
      given.text != ours.rating
    {
      rounding.ratings.append((item.book.title, given.text, ours.rating))
    }
    if plan.sending.contains(.readings) {
      rounding.daysGivenUp += item.details.readings.filter { $0.abandoned && $0.end != nil }.count
    }
    plans.append(plan)
  }

  /// What a push did, or would do.
  struct Outcome {
    var sent: [HardcoverPushPlan] = []
    var refused: [(plan: HardcoverPushPlan, reason: String)] = []
    var links: [SourceLink] = []
    /// Whether Ctrl-C stopped the push before every book was sent.
    var stopped = false
    /// Books still to send when it stopped.
    var left = 0
    /// What stopped the push before every book was sent, other than Ctrl-C.
    var error: (any Error)?
  }

  /// Sends every plan, a few books a request, until done or cancelled.
  ///
  /// - Returns: The books sent, those refused, the bases to record, and what stopped it
  ///   before the end: Ctrl-C, or an error, which is in the outcome so that what got
  ///   through before it is recorded all the same.
  func send(told: (Int, Int) -> Void) async -> Outcome {
    var outcome = Outcome()
    for plan in plans where !plan.sendsAnything && !plan.removedThere {
      // Nothing to send: the base still learns what both sides agree on.
      if let remote = plan.remote, case let next = plan.nextBase(userBookID: remote.id),
        next != plan.base
      {
        outcome.links.append(SourceLink(book: plan.book, id: String(plan.bookID), base: next))
      }
    }
    let sending = plans.filter(\.sendsAnything)
    var start = 0
    while start < sending.count {
      if Task.isCancelled {
        outcome.stopped = true
        outcome.left += sending.count - start
        return outcome
      }
      let chunk = Array(sending[start..<min(start + Self.booksPerRequest, sending.count)])
      do {
        try await send(chunk, into: &outcome)
      } catch is CancellationError {
        outcome.stopped = true
        outcome.left += sending.count - start
        return outcome
      } catch {
        outcome.left += sending.count - start
        outcome.error = error
        return outcome
      }
      start += chunk.count
      told(start, sending.count)
    }
    return outcome
  }

  /// Sends one request for the books' status and rating and the readings of those already
  /// in the reader's library, then one for the readings of those it added.
  private func send(_ chunk: [HardcoverPushPlan], into outcome: inout Outcome) async throws {
    var operations: [HardcoverOperation] = []
    var owners: [Int] = []
    for (index, plan) in chunk.enumerated() {
      var mine = plan.bookOperation.map { [$0] } ?? []
      if let remote = plan.remote { mine += plan.readOperations(userBookID: remote.id) }
      operations += mine
      owners += Array(repeating: index, count: mine.count)
    }
    let first = try await api.send(operations, tokenFile: tokenFile)
    var problems: [Int: String] = [:]
    var userBooks: [Int: Int64] = [:]
    for (position, answer) in first.enumerated() {
      let owner = owners[position]
      switch answer {
      case .refused(let reason): problems[owner] = problems[owner] ?? reason
      case .done(let id):
        if case .insertUserBook = operations[position] { userBooks[owner] = id }
      }
    }
    operations = []
    owners = []
    for (index, plan) in chunk.enumerated() where plan.remote == nil && problems[index] == nil {
      guard let id = userBooks[index] else { continue }
      let mine = plan.readOperations(userBookID: id)
      operations += mine
      owners += Array(repeating: index, count: mine.count)
    }
    // Checked again: a stop between the two requests leaves the added books' readings to
    // the next push, which sees them missing there.
    if !operations.isEmpty, !Task.isCancelled {
      for (position, answer) in try await api.send(operations, tokenFile: tokenFile)
        .enumerated()
      {
        if case .refused(let reason) = answer { problems[owners[position]] = reason }
      }
    } else if !operations.isEmpty {
      for owner in owners { problems[owner] = problems[owner] ?? "stopped before its readings" }
    }
    for (index, plan) in chunk.enumerated() {
      if let problem = problems[index] {
        // Added there, its readings not yet: the next push sends them, as it sends the rest.
        if problem == "stopped before its readings" {
          outcome.left += 1
        } else {
          outcome.refused.append((plan, problem))
        }
        continue
      }
      guard let userBook = plan.remote?.id ?? userBooks[index] else { continue }
      outcome.sent.append(plan)
      outcome.links.append(
        SourceLink(
          book: plan.book, id: String(plan.bookID), base: plan.nextBase(userBookID: userBook)))
    }
  }
}
