import ReadingModel

/// Where the reader is in each book's read going on, as a pull brings it from Hardcover:
/// recorded as a progress entry where Hardcover's position changed since the last sync and
/// differs from the library's (an import merges fields, and a position is history).
struct HardcoverPositions {
  /// A position to record.
  struct Move {
    let book: Book.ID
    let title: String
    let input: ProgressInput
    /// `page 120`, `2:05:00 in`.
    let text: String

    var change: LibraryChange { .record(book, EntryRequest(input: input)) }
  }

  /// Books in the library pages are read in.
  static let pageSize = 500

  /// Each linked book's position at the last sync, by Hardcover book id.
  private let before: [String: HardcoverState.Progress]

  /// Reads the positions the library's bases hold, before a pull changes them.
  init(library: any Library) async throws {
    var before: [String: HardcoverState.Progress] = [:]
    try await Self.forEachLinked(in: library) { item, id in
      let base = item.bases[HardcoverLibrary.source]
      before[id] = base.map { HardcoverState(fields: $0.fields, columns: $0.columns).progress }
    }
    self.before = before
  }

  /// The positions to record once `books` were pulled into `library`.
  func moves(to books: [HardcoverUserBook], library: any Library) async throws -> [Move] {
    let pulled = Dictionary(books.map { (String($0.bookID), $0) }, uniquingKeysWith: { $1 })
    var moves: [Move] = []
    try await Self.forEachLinked(in: library) { item, id in
      guard let remote = pulled[id], item.book.status == .reading || item.book.status == .paused
      else { return }
      let theirs = remote.state.progress
      guard theirs != HardcoverState.Progress(), theirs != before[id] else { return }
      let ours = HardcoverState(
        fields: BookFields(book: item.book, details: item.details),
        fraction: item.progress.currentFraction(status: item.book.status), book: item.book
      ).progress
      guard ours != theirs else { return }
      let input: ProgressInput
      if let pages = theirs.pages, item.book.format != .audiobook {
        input = .page(pages)
      } else if let seconds = theirs.seconds {
        input = .time(seconds)
      } else {
        return
      }
      moves.append(
        Move(book: item.book.id, title: item.book.title, input: input, text: theirs.text))
    }
    return moves
  }

  /// Calls `body` with each book linked to a Hardcover book, and that book's id.
  private static func forEachLinked(
    in library: any Library, _ body: (LibraryArchive.Item, String) throws -> Void
  ) async throws {
    var last: Book.ID?
    while true {
      try Task.checkCancellation()
      let items = try await library.archivePage(after: last, limit: pageSize)
      for item in items {
        if let id = item.details.sourceIDs[HardcoverLibrary.source] { try body(item, id) }
      }
      guard let final = items.last, items.count == pageSize else { return }
      last = final.book.id
    }
  }
}
