/// One sync of a library with its folder's journals (no transport: git is the caller's,
/// before and after): this device's changes go to its journal, the other devices' new
/// changes come in, each book's through the writer in one change, and every synced book
/// takes the local id every device gives it.
@MainActor
public struct SyncRun {
  public let library: SQLiteLibrary
  public let writer: LibraryWriter
  public let folder: SyncFolder

  /// What a sync did, for its summary: nothing it skipped goes unsaid.
  public struct Report: Sendable {
    /// Lines this device added to its journal.
    public var sent = 0
    /// Changes read from other devices and applied (a duplicate is not counted).
    public var received = 0
    /// Books written from those changes.
    public var booksChanged = 0
    /// Books moved to another local id, by title: old and new id.
    public var moved: [(title: String, from: Book.ID, to: Book.ID)] = []
    /// Lines of kinds a newer bookclub wrote: kept, not applied.
    public var unknown = 0
    /// Lines skipped, books that could not be written, and why.
    public var warnings: [String] = []
    /// Remarks of merges (two devices added one book).
    public var remarks: [String] = []

    public init() {}
  }

  public init(library: SQLiteLibrary, writer: LibraryWriter, folder: SyncFolder) {
    self.library = library
    self.writer = writer
    self.folder = folder
  }

  /// Runs the sync.
  ///
  /// - Parameters:
  ///   - setup: How this library syncs.
  ///   - exchange: The transport's turn (git's commit, pull and push), after this device's
  ///     changes are in its journal and before the others' are read; again at the end when
  ///     the sync wrote more.
  /// - Returns: What it did.
  /// - Throws: ``LibraryError`` or ``FileError`` when the library or this device's journal
  ///   cannot be written; what was applied stays applied, and the next sync goes on.
  public func run(_ setup: SyncSetup, exchange: () throws -> Void = {}) async throws -> Report {
    var report = Report()
    report.sent += try await send(setup.device, report: &report)
    try exchange()
    let fromSnapshot = try await startFromSnapshot(setup, report: &report)
    let arrivals = try await receive(setup, report: &report).union(fromSnapshot)
    // Only after an add (here or elsewhere): otherwise nothing could pair or move, and the
    // whole-table questions are not asked. Cleared once done, so a sync killed half-way
    // asks again.
    if try await library.syncNeedsSettling() {
      let merges = try await library.syncedSameBooks().map {
        SyncedBook(book: $0[0], changes: [], absorbing: Array($0.dropFirst()))
      }
      for case .failure(let error) in try await applyInChunks(merges) { throw error }
      if try await settleIDs(report: &report, arrivals: arrivals) {
        try await library.syncSettled()
      }
    }
    let more = try await send(setup.device, report: &report)
    if more > 0 { try exchange() }
    report.sent += more
    let (remarks, problems) = try await library.takeSyncRemarks()
    report.remarks += remarks
    report.warnings += problems
    return report
  }

  /// Puts this device's new changes in its journal, and nothing else: what a command that
  /// wrote does after its commit, so the folder has them before any sync runs.
  ///
  /// - Parameter device: This device.
  /// - Returns: How many lines went to the journal.
  /// - Throws: ``LibraryError``, or ``FileError`` when the journal cannot be written: the
  ///   changes then stay in the outbox for the next sync.
  public func send(_ device: SyncDeviceID) async throws -> Int {
    var report = Report()
    return try await send(device, report: &report)
  }

  /// Puts this device's changes in its journal; writes again the books whose rows are not
  /// in the order every device writes them.
  private func send(_ device: SyncDeviceID, report: inout Report) async throws -> Int {
    let (lines, unsettled) = try await library.journalSyncChanges()
    try folder.append(lines, to: device)
    if let last = lines.last { try await library.sentSyncLines(through: last.sequence) }
    let rewrites = unsettled.map { SyncedBook(book: $0, changes: []) }
    for case .failure(let error) in try await applyInChunks(rewrites) { throw error }
    return lines.count
  }

  /// How long one transaction of a sync's writes should take: short enough that a command
  /// waiting for the library (``SQLiteLibrary/lockTimeout``, 10 s) gets in between, and
  /// that a kill loses little; long enough that a join of 100,000 books is not a hundred
  /// commits, each writing the same index pages out again (measured, 100,000 books from a
  /// snapshot: 74 s in chunks of 1,000 books, 53 s in chunks of 10,000, 40 s sized by time
  /// and written in the order of their ids).
  static let transactionTime: Duration = .seconds(2)

  /// Writes books through the writer in transactions of about ``transactionTime`` each:
  /// the first of 500 books, each next one sized by how fast the last one went.
  ///
  /// - Returns: What each write did, or why it was not made, in the order given.
  private func applyInChunks(_ books: [SyncedBook]) async throws -> [Result<
    AppliedChange, any Error
  >] {
    var results: [Result<AppliedChange, any Error>] = []
    results.reserveCapacity(books.count)
    var start = books.startIndex
    var size = 500
    let clock = ContinuousClock()
    while start < books.endIndex {
      let end = min(start + size, books.endIndex)
      let took = try await clock.measure {
        results += try await writer.applyEach(books[start..<end].map { .syncBook($0) })
      }
      let perBook = took / (end - start)
      size = max(100, min(50_000, perBook > .zero ? Int(Self.transactionTime / perBook) : 50_000))
      start = end
    }
    return results
  }

  /// Reads every other device's new lines, then applies them book by book: a book's
  /// changes from every device together, so one device's edit of a book another device
  /// added is applied with the add, whichever journal is read first.
  /// - Returns: The books new here.
  private func receive(_ setup: SyncSetup, report: inout Report) async throws -> Set<String> {
    let known = Dictionary(
      uniqueKeysWithValues: try await library.syncDevices().map { ($0.device, $0) })
    var records: [SyncDeviceRecord] = []
    var changes: [String: [SyncedBook.StampedChange]] = [:]
    var order: [String] = []
    var arrivals = Set<String>()
    var clubs: [(change: SyncClubChange, stamp: SyncStamp)] = []
    for device in folder.devices() where device != setup.device {
      if try await library.isForgotten(device) { continue }
      var record =
        known[device]
        ?? SyncDeviceRecord(device: device, name: "", readPoint: .start, lastStamp: nil, changes: 0)
      let applied = record.readPoint.lastSequence
      var unknown: [SyncLine] = []
      var read = Set<Int>()
      let reading = folder.read(device, after: record.readPoint) { line in
        // A duplicate (of a line read before, or earlier in this read) is applied once.
        guard line.sequence > applied, read.insert(line.sequence).inserted else { return }
        record.lastStamp = max(record.lastStamp ?? line.stamp, line.stamp)
        switch line.kind {
        case .book(let change):
          if changes[change.book] == nil { order.append(change.book) }
          changes[change.book, default: []].append(
            SyncedBook.StampedChange(change: change, stamp: line.stamp))
          record.changes += 1
        case .device(let name): record.name = name
        case .club(let change): clubs.append((change, line.stamp))
        case .unknown: unknown.append(line)
        }
      }
      report.warnings += reading.problems.map { "\(record.label): \($0)" }
      for line in unknown { try await library.keepUnknownSyncLine(line) }
      report.unknown += unknown.count
      record.readPoint = reading.end
      records.append(record)
    }
    let synced = order.map { SyncedBook(book: $0, changes: changes[$0] ?? []) }
    for (book, result) in zip(synced, try await applyInChunks(synced)) {
      switch result {
      case .success(let applied):
        if applied.before == nil { arrivals.insert(book.book) }
        // What was skipped is not counted as applied: its warning says why.
        var skipped = 0
        if case .synced(_, let count) = applied.outcome { skipped = count }
        report.received += book.changes.count - skipped
        report.booksChanged += 1
      case .failure(let error):
        let devices = Set(book.changes.map(\.stamp.device))
        let names = records.filter { devices.contains($0.device) }.map(\.label)
        report.warnings.append(
          "\(names.joined(separator: ", ")): the changes of book \(book.book) were not applied: \(error.explanation)"
        )
      }
    }
    try await library.receiveSyncClubs(clubs)
    // Only once every book is written: a crash before this reads the same lines again, and
    // applying a change twice is applying it once.
    for record in records { try await library.recordSyncRead(record) }
    return arrivals
  }

  /// A new device's first sync, where the folder has a snapshot: every book from it, and
  /// the journals read on after the lines it covers.
  /// - Returns: The books taken from it (all new here).
  private func startFromSnapshot(_ setup: SyncSetup, report: inout Report) async throws
    -> Set<String>
  {
    guard try await library.syncDevices().isEmpty, let snapshot = folder.snapshot() else {
      return []
    }
    var taken = Set<String>()
    // In the order of the ids they take: rows and index entries go in one after another,
    // as an import's do, not all over the file (the snapshot is in order of sync id).
    let books = snapshot.books.sorted { ($0.state.claim, $0.book) < ($1.state.claim, $1.book) }
      .map { SyncedBook(book: $0.book, changes: [], snapshot: $0) }
    for (book, result) in zip(books, try await applyInChunks(books)) {
      switch result {
      case .success(let applied):
        report.booksChanged += 1
        if applied.before == nil { taken.insert(book.book) }
      case .failure(let error):
        report.warnings.append(
          "\(SyncSnapshot.fileName): book \(book.book) was not taken: \(error.explanation)")
      }
    }
    try await library.receiveSyncClubs(snapshot.clubs.map { ($0.change, $0.stamp) })
    for (device, cover) in snapshot.covers where device != setup.device {
      let point =
        snapshot.points[device].map { folder.verified($0, of: device) }
        ?? ClubJournal.ReadPoint(lastSequence: cover.sequence)
      try await library.recordSyncRead(
        SyncDeviceRecord(
          device: device, name: cover.name, readPoint: point, lastStamp: nil,
          changes: cover.sequence))
    }
    return taken
  }

  /// Moves books to the local ids every device gives them.
  ///
  /// - Returns: Whether every book has its id. Not when the library changed under the sync
  ///   (a command added a book where one goes, after the moves were worked out) and asking
  ///   again did not help: the next sync settles them, and this one does not go round for
  ///   ever.
  private func settleIDs(report: inout Report, arrivals: Set<String>) async throws -> Bool {
    for _ in 0..<3 {
      var moves = try await library.syncedIDMoves()
      guard !moves.isEmpty else { return true }
      var attempts = 0
      let budget = 3 * moves.count + 3
      var stalled = 0
      while !moves.isEmpty, attempts < budget {
        attempts += 1
        let move = moves.removeFirst()
        do {
          let applied = try await writer.apply(
            .syncBook(SyncedBook(book: move.book, changes: [], moveTo: move.to)))
          // A book new here took a free id only for the moment: not worth a word.
          if !arrivals.contains(move.book), let book = applied.after?.book {
            report.moved.append((book.title, move.from, move.to))
          }
          stalled = 0
        } catch LibraryError.idsAlreadyUsed {
          // Another book is where this one goes: out of its way first, then again.
          moves.append(move)
          stalled += 1
          if stalled > moves.count, let blocked = moves.first {
            try await writer.apply(
              .syncBook(SyncedBook(book: blocked.book, changes: [], moveTo: 0)))
            stalled = 0
          }
        }
      }
    }
    return try await library.syncedIDMoves().isEmpty
  }
}
