extension ImportRun {
  /// Lists a device's book that was not brought in.
  mutating func notMatched(_ line: Int, _ book: DeviceBook, reason: String) {
    summary.notMatched.append(
      NotMatchedBook(
        line: line, key: book.key, place: book.place, title: book.title, authors: book.authors,
        highlights: book.highlights.count, reason: reason))
  }

  /// Counts what a device brought to a book besides its fields: a book that was unchanged
  /// becomes updated, so that no summary says "unchanged" of a book that got highlights.
  ///
  /// - Parameters:
  ///   - added: Whether the book was added by this ingest.
  ///   - highlights: The highlights and notes added, and how many the device changed.
  ///   - sessions: The sessions added, and how many the device changed.
  ///   - position: The position recorded, if one was.
  mutating func countAttached(
    _ line: Int, book: Book, added: Bool, highlights: (added: [Highlight], updated: Int),
    sessions: (added: [ReadingSession], updated: Int), position: DevicePosition?
  ) {
    guard
      !highlights.added.isEmpty || highlights.updated > 0 || !sessions.added.isEmpty
        || sessions.updated > 0 || position != nil
    else { return }
    summary.highlightsAdded += highlights.added.count
    summary.highlightsUpdated += highlights.updated
    summary.sessionsAdded += sessions.added.count
    summary.sessionsUpdated += sessions.updated
    if position != nil { summary.positionsRecorded += 1 }
    if options.shareHighlights, !options.dryRun, !highlights.added.isEmpty {
      summary.highlightsShared.append(BookHighlights(book: book, highlights: highlights.added))
    }
    // A book added is listed only by a dry run (``countAdded(_:id:fields:)``).
    if added, !options.dryRun { return }
    var change: BookChange
    if let index = summary.changes.lastIndex(where: { $0.line == line }) {
      change = summary.changes.remove(at: index)
    } else {
      // Counted unchanged by its fields: it is updated.
      summary.unchanged -= 1
      summary.updated += 1
      change = BookChange(
        line: line, bookID: book.id, title: book.title, kind: .updated, fields: [])
    }
    change.highlightsAdded += highlights.added.count
    change.highlightsUpdated += highlights.updated
    change.sessionsAdded += sessions.added.count
    change.sessionsUpdated += sessions.updated
    change.position = position ?? change.position
    if options.dryRun {
      change.highlights += highlights.added
      change.sessions += sessions.added
    }
    summary.changes.append(change)
  }
}
