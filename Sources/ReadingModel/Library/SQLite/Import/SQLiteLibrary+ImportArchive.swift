#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where an archive being imported came from, which decides how its books are matched.
enum ArchiveOrigin {
  /// This very library: books are matched by their ids.
  case thisLibrary
  /// Restored into an empty library, which takes the archive's ids and identity.
  case restore
  /// Another library: its books are matched like any other source's, under this source name,
  /// and get new ids here.
  case otherLibrary(source: String)
  /// An archive from before libraries had ids, into a library with books: matched by source
  /// ids, ISBN, title and author, never by numeric id.
  case unknown
}

extension SQLiteLibrary {
  /// Decides how an archive's books are matched, taking its identity when it is restored
  /// into an empty library.
  func archiveOrigin(_ archiveID: String?, on connection: SQLiteConnection) throws
    -> ArchiveOrigin
  {
    if let archiveID, archiveID == (try libraryID(on: connection)) { return .thisLibrary }
    if try connection.first("SELECT 1 FROM books LIMIT 1", [], { _ in true }) == nil {
      if let archiveID { try adoptLibraryID(archiveID, on: connection) }
      return .restore
    }
    if let archiveID { return .otherLibrary(source: "bookclub:" + archiveID) }
    return .unknown
  }

  /// Imports one book of a bookclub archive.
  func importArchived(
    _ item: LibraryArchive.Item, line: Int, origin: ArchiveOrigin, run: inout ImportRun,
    on connection: SQLiteConnection
  ) throws {
    switch origin {
    case .thisLibrary, .restore:
      if let first = run.claimed[item.book.id] {
        run.skip(
          line, "it repeats \(run.label(first)) (book #\(item.book.id)); the first was imported")
        return
      }
      if let existing = try fetchBook(item.book.id, on: connection) {
        try mergeArchived(item, into: existing, source: nil, line: line, run: &run, on: connection)
      } else {
        try addArchived(item, keepingID: true, source: nil, line: line, run: &run, on: connection)
      }
    case .otherLibrary(let source):
      try importFromOtherLibrary(item, source: source, line: line, run: &run, on: connection)
    case .unknown:
      try importFromOtherLibrary(item, source: nil, line: line, run: &run, on: connection)
    }
  }

  /// A book of another library: found by that library's id for it, by the ids other services
  /// gave it, then by ISBN or title and author; else added with a new id.
  private func importFromOtherLibrary(
    _ item: LibraryArchive.Item, source: String?, line: Int, run: inout ImportRun,
    on connection: SQLiteConnection
  ) throws {
    let theirID = String(item.book.id)
    var found: Book.ID?
    if let source { found = try book(source: source, id: theirID, on: connection) }
    for (service, id) in item.details.sourceIDs.sorted(by: { $0.key < $1.key }) where found == nil {
      found = try book(source: service, id: id, on: connection)
    }
    if let id = found, let first = run.claimed[id] {
      run.skip(line, "it is the same book as \(run.label(first)); the first was imported")
      return
    }
    if found == nil {
      for (candidate, _) in try candidates(
        for: BookFields(book: item.book, details: item.details), on: connection)
      where run.claimed[candidate] == nil {
        if let source, try link(of: candidate, in: source, on: connection) != nil { continue }
        found = candidate
        break
      }
    }
    if let id = found, let existing = try fetchBook(id, on: connection) {
      try mergeArchived(item, into: existing, source: source, line: line, run: &run, on: connection)
    } else {
      try addArchived(item, keepingID: false, source: source, line: line, run: &run, on: connection)
    }
  }

  /// Merges an archived book into one the library has: fields three-way (base-less for this
  /// library's own archives), progress entries, status changes and history events it lacks
  /// added.
  private func mergeArchived(
    _ item: LibraryArchive.Item, into book: Book, source: String?, line: Int,
    run: inout ImportRun, on connection: SQLiteConnection
  ) throws {
    try recording(.book(book.id), in: run.group, on: connection) {
      try writeArchivedMerge(
        item, into: book, source: source, line: line, run: &run, on: connection)
    }
  }

  private func writeArchivedMerge(
    _ item: LibraryArchive.Item, into book: Book, source: String?, line: Int,
    run: inout ImportRun, on connection: SQLiteConnection
  ) throws {
    let theirs = BookFields(book: item.book, details: item.details)
    let base = try source.flatMap { try link(of: book.id, in: $0, on: connection)?.base?.fields }
    let merge = try mergeFields(theirs, base: base, into: book, run: &run, on: connection)
    let entries = try addEntries(
      item.progress.entries, to: book.id, line: line, run: &run, on: connection)
    let known = try fetchStatusChanges(book.id, on: connection)
    for change in item.statusChanges where !known.contains(change) {
      try logStatus(change, of: book.id, on: connection)
    }
    // Like status changes, events added do not make the book "updated": no field changed.
    try addMissingHistory(item.history, to: book.id, on: connection)
    let highlights = try HighlightTables(connection: connection).add(item.highlights, to: book.id)
    let sessions = try SessionTables(connection: connection).merge(item.sessions, into: book.id)
    if let source {
      let next = merge.result.nextBase(theirs: theirs, base: base)
      try link(
        book.id, to: source, id: String(item.book.id), base: SourceBase(fields: next),
        on: connection)
    }
    try linkServices(of: item, to: book.id, on: connection)
    run.countMerged(
      line, book: book, merge: merge.result, ours: merge.ours, entriesAdded: entries,
      // A session the archive changed makes the book updated, as one added does.
      highlightsAdded: highlights.count,
      sessionsAdded: sessions.added.count + sessions.updated.count)
  }

  /// Adds an archived book with its history, under its own id or a new one.
  private func addArchived(
    _ item: LibraryArchive.Item, keepingID: Bool, source: String?, line: Int,
    run: inout ImportRun, on connection: SQLiteConnection
  ) throws {
    // Under its own id, the book may be in the trash: an undo leaves the trash's row.
    let before =
      keepingID ? try snapshot(.book(item.book.id), on: connection) : RowSnapshot()
    let id = try insert(item.book, details: item.details, keepingID: keepingID, on: connection)
    _ = try addEntries(item.progress.entries, to: id, line: line, run: &run, on: connection)
    if !item.details.isEmpty {
      try saveDetails(item.details, of: id, on: connection, isNewBook: true)
    }
    for change in item.statusChanges { try logStatus(change, of: id, on: connection) }
    try addMissingHistory(item.history, to: id, isNewBook: true, on: connection)
    _ = try HighlightTables(connection: connection).add(item.highlights, to: id)
    _ = try SessionTables(connection: connection).merge(item.sessions, into: id)
    let fields = BookFields(book: item.book, details: item.details)
    if let source {
      try link(
        id, to: source, id: String(item.book.id), base: SourceBase(fields: fields), on: connection)
    }
    try linkServices(of: item, to: id, on: connection)
    try recordAdded(id, before: before, in: run.group, on: connection)
    run.countAdded(line, id: id, fields: fields)
  }

  /// Adds the entries the book lacks; an entry id the library uses for another book is
  /// skipped with a remark.
  ///
  /// - Returns: How many entries were added.
  private func addEntries(
    _ entries: [ReadingProgress.Entry], to bookID: Book.ID, line: Int, run: inout ImportRun,
    on connection: SQLiteConnection
  ) throws -> Int {
    var added = 0
    for entry in entries {
      if let holder = try connection.integer(
        "SELECT book_id FROM progress_entries WHERE id = ?", [.text(entry.id.uuidString)])
      {
        if holder != bookID {
          run.remark(
            line,
            "the progress entry \(entry.id.uuidString.lowercased()) is already book #\(holder)'s; skipped"
          )
        }
        continue
      }
      try insert(entry, bookID: bookID, on: connection)
      added += 1
    }
    return added
  }

  /// Links the ids other services gave an archived book, with their bases, where the
  /// library has no book under those ids yet.
  private func linkServices(
    of item: LibraryArchive.Item, to bookID: Book.ID, on connection: SQLiteConnection
  ) throws {
    for (service, id) in item.details.sourceIDs.sorted(by: { $0.key < $1.key }) {
      guard try book(source: service, id: id, on: connection) == nil,
        try link(of: bookID, in: service, on: connection) == nil
      else { continue }
      try link(bookID, to: service, id: id, base: item.bases[service], on: connection)
    }
  }
}
