#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SQLiteLibrary {
  public func importBooks(
    from makeSource: @Sendable () throws -> any ImportSource,
    options: ImportOptions,
    progress: (@Sendable (ImportProgress) -> Void)?
  ) throws -> ImportSummary {
    // Opened before the write: a file that cannot be read leaves even a missing library
    // uncreated.
    var source = try makeSource()
    guard options.dryRun else {
      return try writingInBulk { connection in
        try Self.bulkAdding(on: connection) {
          try runImport(&source, options: options, progress: progress, on: connection)
        }
      }
    }
    // A dry run works on a copy in memory: the file is only read, and nothing is created.
    let scratch = try scratchCopy()
    return try mapErrors {
      try scratch.writeTransaction {
        try Self.bulkAdding(on: scratch) {
          try runImport(&source, options: options, progress: progress, on: scratch)
        }
      }
    }
  }

  /// Imports the rows, with room for their index pages (`SQLiteConnection.withLargeCache`).
  private func runImport(
    _ source: inout any ImportSource, options: ImportOptions,
    progress: (@Sendable (ImportProgress) -> Void)?, on connection: SQLiteConnection
  ) throws -> ImportSummary {
    try connection.withLargeCache {
      try importRows(&source, options: options, progress: progress, on: connection)
    }
  }

  private func importRows(
    _ source: inout any ImportSource, options: ImportOptions,
    progress: (@Sendable (ImportProgress) -> Void)?, on connection: SQLiteConnection
  ) throws -> ImportSummary {
    var run = ImportRun(
      format: source.formatName, options: options,
      group: try beginGroup(.import, on: connection))
    run.summary.columnsNotKept = source.columnsNotKept
    if let known = source.knownRows {
      // Read inside the transaction: what the rows are compared with is what this import
      // writes over. No more than the file can have rows (each at least 16 bytes): a file of
      // ten rows into a library of a million maps its ten. A size not known bounds nothing.
      let limit = source.totalBytes > 0 ? source.totalBytes / 16 : Int(Int32.max)
      known.publish(
        try BookSourceTables(connection: connection).booksByRowDigest(
          source: known.source, limit: limit) ?? [:])
    }
    var knownOrigin: ArchiveOrigin?
    while let row = try source.next() {
      switch row {
      case .book(let book):
        try importBook(book, run: &run, on: connection)
      case .archived(let item):
        try run.finishStaging(on: connection)  // an archived book takes the next id itself
        let origin = try knownOrigin ?? archiveOrigin(source.archiveLibraryID, on: connection)
        knownOrigin = origin
        try importArchived(
          item, line: run.summary.rows + 1, origin: origin, run: &run, on: connection)
      case .device(let book, let deviceSource):
        let line = run.summary.rows + run.summary.notMatched.count + 1
        try ingest(book, from: deviceSource, line: line, run: &run, on: connection)
      case .skip(let line, let reason):
        run.skip(line, reason)
      case .unchanged(let line, let book):
        try countUnchanged(
          line, book: book, source: source.knownRows?.source, run: &run, on: connection)
      }
      if run.summary.rows % 500 == 0 {
        // Ctrl-C arrives as cancellation: throwing rolls the whole import back.
        try Task.checkCancellation()
        if source.totalBytes > 0 {
          // Read ahead of the rows imported: the books still to come are underestimated.
          run.staging?.shareRead = Double(source.bytesRead) / Double(source.totalBytes)
        }
        progress?(
          ImportProgress(
            bytesRead: source.bytesRead, totalBytes: source.totalBytes, rows: run.summary.rows))
      }
    }
    try run.finishStaging(on: connection)
    try importGoals(source.goals, run: &run, on: connection)
    run.summary.remarks += source.remarks
    run.summary.unreadable += source.problems
    if run.summary.rows > 0, run.summary.skipped.count == run.summary.rows,
      run.summary.notMatched.isEmpty
    {
      throw ImportError.nothingImported(run.summary)  // rolls back: nothing changes
    }
    let record = try finish(
      run.group, summary: ChangeSummary.describe(run.summary, origin: options.origin),
      on: connection)
    // A dry run's record is its copy's, thrown away: no record of this library has its number.
    run.summary.record = options.dryRun ? nil : record
    try Task.checkCancellation()  // the last chance to roll back before the commit
    return run.summary
  }

  /// Adds a row of another service's export, or merges it into the book it is.
  ///
  /// The book is the one the row's id names in its source; else the first book with the
  /// row's ISBN, or its title and first author, that has no id from that source yet and that
  /// no other row of this import claimed; else a new book. A row without an id goes by its
  /// stand-in (``ImportRun/standInID(for:)``), so two such rows of one file are two books.
  func importBook(_ row: ImportedBook, run: inout ImportRun, on connection: SQLiteConnection)
    throws
  {
    var imported = row
    if !imported.hasOwnID {
      imported.makeBase()  // made once: to tell the row from its file's others, then kept
      guard let standIn = run.standInID(for: imported) else { return }  // repeated: skipped
      imported.sourceID = standIn
    }
    let line = imported.line
    let base = imported.base
    if let staged = run.staging?.book(source: imported.source, id: imported.sourceID) {
      run.skipRepeat(line, of: staged, sourceID: imported.sourceID)
      return
    }
    if let known = try linked(source: imported.source, id: imported.sourceID, on: connection) {
      if run.claimed[known.book] != nil {
        run.skipRepeat(line, of: known.book, sourceID: imported.sourceID)
      } else if known.base == base {
        run.countUnchanged(line, id: known.book)  // the export says what it said last time
        if let digest = imported.rowDigest, digest != known.rowDigest {
          // Kept for the next import; a link made before digests, or by a mapping since
          // changed, has none or another.
          try BookSourceTables(connection: connection).setRowDigest(
            digest, source: imported.source, id: imported.sourceID)
        }
      } else {
        try merge(imported, as: base, into: known.book, over: known.base, run: &run, on: connection)
      }
      return
    }
    // Worked out once: to find the book, then to add it if there is none.
    let keys = imported.keys
    let found = try candidates(
      for: imported.fields, keys: keys, strict: !imported.hasOwnID, on: connection)
    // A book an earlier row of this file claimed with this ISBN is no candidate, but worth
    // a remark; so is a book that has another id from this source.
    var claimedWithISBN: ImportRun.LikelyDuplicate?
    var otherOfSource: ImportRun.LikelyDuplicate?
    for (candidate, how) in found {
      let other = try link(of: candidate, in: imported.source, on: connection)
      if run.claimed[candidate] != nil, how == .isbn, claimedWithISBN == nil, let other {
        claimedWithISBN = ImportRun.LikelyDuplicate(
          book: candidate, sourceID: other.id, same: "ISBN")
      }
      // A stand-in is no id: the book has none from this source yet.
      let otherID = other.flatMap { ImportedBook.isFallbackID($0.id) ? nil : $0.id }
      if let otherID, otherOfSource == nil {
        otherOfSource = ImportRun.LikelyDuplicate(
          book: candidate, sourceID: otherID, same: how == .isbn ? "ISBN" : "title and author")
      }
      guard run.claimed[candidate] == nil, otherID == nil else { continue }
      try merge(
        imported, as: base, into: candidate, over: other?.base, matchedBy: how, run: &run,
        on: connection)
      return
    }
    // Books staged since the last flush are in no table a candidate is looked up in.
    let staged = run.staging?.added(withISBNOf: imported.fields)
    try addImported(
      imported, as: base, keys: keys, likelyDuplicate: claimedWithISBN ?? staged ?? otherOfSource,
      run: &run, on: connection)
  }

  /// Counts a row its source passed over unread (``ImportRow/unchanged(line:book:)``), or
  /// skips it as the repeat of an earlier row that claimed its book.
  private func countUnchanged(
    _ line: Int, book: Book.ID, source: String?, run: inout ImportRun,
    on connection: SQLiteConnection
  ) throws {
    guard run.claimed[book] != nil else {
      run.countUnchanged(line, id: book)
      return
    }
    let id = try source.flatMap { try link(of: book, in: $0, on: connection)?.id }
    run.skipRepeat(line, of: book, sourceID: id ?? "unknown")
  }

  /// Adds a row that is no book of the library as a new book, linked to its source.
  ///
  /// - Parameters:
  ///   - base: The row as a base.
  ///   - likelyDuplicate: A book the row looks like, remarked on.
  private func addImported(
    _ imported: ImportedBook, as base: SourceBase, keys: BookKeys,
    likelyDuplicate: ImportRun.LikelyDuplicate?,
    run: inout ImportRun, on connection: SQLiteConnection
  ) throws {
    let id = try add(imported.fields, keys: keys, run: &run, on: connection)
    try link(
      id, to: imported.source, id: imported.sourceID, base: base, rowDigest: imported.rowDigest,
      replacing: false, into: .staging, on: connection)
    run.countAdded(imported.line, id: id, fields: imported.fields)
    try run.staging?.staged(
      id, source: imported.source, sourceID: imported.sourceID, fields: imported.fields,
      on: connection)
    if let likelyDuplicate {
      run.remark(imported.line, likelyDuplicate.remark(source: run.sourceName, added: id))
    }
  }

  /// Three-way merges a row into a book and records the row as the source's new base.
  ///
  /// - Parameters:
  ///   - newBase: The row as a base.
  ///   - old: What the source said at its last import; `nil` the first time.
  ///   - how: How a book met for the first time was found.
  private func merge(
    _ imported: ImportedBook, as newBase: SourceBase, into id: Book.ID, over old: SourceBase? = nil,
    matchedBy how: CandidateMatch? = nil, run: inout ImportRun, on connection: SQLiteConnection
  ) throws {
    try recording(.book(id), in: run.group, on: connection) {
      try writeMerge(
        imported, as: newBase, into: id, over: old, matchedBy: how, run: &run, on: connection)
    }
  }

  private func writeMerge(
    _ imported: ImportedBook, as newBase: SourceBase, into id: Book.ID, over old: SourceBase?,
    matchedBy how: CandidateMatch?, run: inout ImportRun, on connection: SQLiteConnection
  ) throws {
    guard let book = try fetchBook(id, on: connection) else { return }
    let oldFields = old?.fields
    let merge = try mergeFields(
      imported.fields, base: oldFields, into: book, run: &run, on: connection)
    run.countMerged(imported.line, book: book, merge: merge.result, ours: merge.ours)
    var nextFields =
      merge.result.conflicts.isEmpty
      ? imported.fields : merge.result.nextBase(theirs: imported.fields, base: oldFields)
    // What the row says nothing about (a column its file lacks, a cell that is no value)
    // stays what the source said last: its next change is still a change.
    for field in oldFields?.fields ?? [] where imported.fields[field] == nil {
      nextFields[field] = oldFields?[field]
    }
    let next =
      nextFields == imported.fields
      ? newBase : SourceBase(fieldsJSON: nextFields.json, columnsJSON: imported.columnsJSON)
    // A book met by ISBN or title is linked afresh: it had no id from the source, or a
    // stand-in other than this row's.
    if next != old || how != nil {
      // A base kept with conflicts is no row of the file: the row is read again next time.
      try link(
        id, to: imported.source, id: imported.sourceID, base: next,
        rowDigest: next == newBase ? imported.rowDigest : nil, on: connection)
    }
    if how == .titleAndAuthor, book.title != imported.title {
      run.remark(
        imported.line,
        "'\(imported.title)' is #\(id) '\(book.title)' (same title and author)")
    }
  }

  /// Merges `theirs` into a book, writing what changed.
  ///
  /// - Returns: The merge and the library's fields before it.
  func mergeFields(
    _ theirs: BookFields, base: BookFields?, into book: Book, run: inout ImportRun,
    on connection: SQLiteConnection
  ) throws -> (result: FieldMerge, ours: BookFields) {
    let details = try fetchDetails(book.id, on: connection)
    let ours = BookFields(book: book, details: details)
    let merge = FieldMerge(ours: ours, base: base, theirs: theirs, prefer: run.options.prefer)
    guard merge.merged != ours else { return (merge, ours) }
    var updated = book
    var updatedDetails = details
    merge.merged.apply(to: &updated, &updatedDetails)
    updated.dateUpdated = max(run.now, book.dateUpdated)
    try updateRow(updated, on: connection)
    if updatedDetails != details { try saveDetails(updatedDetails, of: book.id, on: connection) }
    if updated.status != book.status {
      try logStatus(
        StatusChange(status: updated.status, time: run.now), of: book.id, on: connection)
    }
    return (merge, ours)
  }

  /// Stages a new book made of `fields` (``BookStaging``).
  ///
  /// - Parameter keys: The keys of the fields' title and authors, if already worked out.
  /// - Returns: The id the book will have.
  func add(
    _ fields: BookFields, keys: BookKeys? = nil, run: inout ImportRun,
    on connection: SQLiteConnection
  ) throws -> Book.ID {
    if run.staging == nil {
      run.staging = try BookStaging(
        batch: run.options.stagingBatch, group: run.group.seq, on: connection)
    }
    var book = Book(
      id: run.staging!.takeID(), title: "", authors: [], dateAdded: run.now,
      dateUpdated: run.now)
    var details = BookDetails()
    fields.apply(to: &book, &details)
    let id = try insert(
      book, details: details, keepingID: true, keys: keys, into: .staging, on: connection)
    if !details.isEmpty {
      try saveDetails(details, of: id, on: connection, isNewBook: true, into: .staging)
    }
    return id
  }

  /// Takes an archive's goals for the years the library has none; a year whose goal
  /// differs keeps the library's, with a remark.
  private func importGoals(
    _ goals: [ReadingGoal], run: inout ImportRun, on connection: SQLiteConnection
  ) throws {
    guard !goals.isEmpty else { return }
    let known = Dictionary(
      try Self.goals(on: connection).map { ($0.year, $0) }, uniquingKeysWith: { $1 })
    for goal in goals {
      guard let mine = known[goal.year] else {
        try recording(.goal(year: goal.year), in: run.group, on: connection) {
          try Self.setGoal(goal, on: connection)
        }
        continue
      }
      if mine != goal {
        run.summary.remarks.append(
          "the goal for \(goal.year) stays \(mine.books) books; the archive's is \(goal.books)")
      }
    }
  }

  /// A private copy of the library in memory (a new empty library when there is none).
  func scratchCopy() throws -> SQLiteConnection {
    try mapErrors {
      let scratch = try SQLiteConnection.inMemory()
      if let file = try connectionForReading() { try file.copy(into: scratch) }
      try prepare(scratch)
      return scratch
    }
  }
}
