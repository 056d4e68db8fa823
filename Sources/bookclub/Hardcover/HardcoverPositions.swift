import ReadingModel

/// Where the reader is in each book's read going on, as a pull brings it from Hardcover:
/// decided before the import, three ways as every field is (an import merges fields; a
/// position is history, recorded as a progress entry once the import is in).
///
/// Hardcover's position is taken where it moved since the last sync and the library's did
/// not; where both moved, the library's stays and the conflict is listed; a position that
/// cannot be recorded (past the book's end) is listed. The base learns Hardcover's position
/// only where it was taken or agreed, so a push never sends an older position over it.
struct HardcoverPositions {
  /// A position to record.
  struct Move {
    let hardcoverID: String
    var book: Book.ID = 0
    var title: String
    let progress: HardcoverState.Progress
    var text: String { progress.text }

    var change: LibraryChange? {
      if let pages = progress.pages { return .record(book, EntryRequest(input: .page(pages))) }
      if let seconds = progress.seconds {
        return .record(book, EntryRequest(input: .time(seconds)))
      }
      return nil
    }
  }

  /// A position not taken, and why.
  struct Kept {
    let book: Book.ID
    let title: String
    let reason: String
  }

  /// A book of the library linked to a Hardcover book, as it was before the pull.
  private struct Linked {
    let item: LibraryArchive.Item
    let ours: HardcoverState.Progress
    let base: HardcoverState.Progress?
  }

  /// Books in the library pages are read in.
  static let pageSize = 500

  /// The position each pulled book's base is to hold, by Hardcover book id.
  private(set) var baseProgress: [Int64: HardcoverState.Progress] = [:]
  private(set) var moves: [Move] = []
  private(set) var kept: [Kept] = []

  /// Decides, before the pull's import, which of Hardcover's positions to take.
  init(books: [HardcoverUserBook], library: any Library) async throws {
    var linked: [String: Linked] = [:]
    try await Self.forEachLinked(in: library) { item, id in
      let ours = HardcoverState(
        fields: BookFields(book: item.book, details: item.details),
        fraction: item.progress.currentFraction(status: item.book.status), book: item.book
      ).progress
      let base = item.bases[HardcoverLibrary.source].map {
        HardcoverState(fields: $0.fields, columns: $0.columns).progress
      }
      linked[id] = Linked(item: item, ours: ours, base: base)
    }
    for book in books {
      let theirs = book.state.progress
      guard let here = linked[String(book.bookID)] else {
        // A book the pull adds: where Hardcover has the reader is where they are.
        baseProgress[book.bookID] = theirs
        if theirs != HardcoverState.Progress() {
          moves.append(Move(hardcoverID: String(book.bookID), title: book.title, progress: theirs))
        }
        continue
      }
      let item = here.item
      if theirs == here.base || theirs == here.ours || theirs == HardcoverState.Progress() {
        baseProgress[book.bookID] = theirs
      } else if here.ours != here.base
        && !(here.base == nil && here.ours == HardcoverState.Progress())
      {
        baseProgress[book.bookID] = here.base ?? HardcoverState.Progress()
        kept.append(
          Kept(
            book: item.book.id, title: item.book.title,
            reason:
              "yours \(here.ours.text), Hardcover \(theirs.text) (both moved since the last sync)"))
      } else if let pages = theirs.pages, let count = item.book.pageCount, pages > count {
        baseProgress[book.bookID] = here.base ?? HardcoverState.Progress()
        kept.append(
          Kept(
            book: item.book.id, title: item.book.title,
            reason: "Hardcover's page \(pages) is past the book's \(count) pages here"))
      } else {
        baseProgress[book.bookID] = theirs
        moves.append(
          Move(
            hardcoverID: String(book.bookID), book: item.book.id, title: item.book.title,
            progress: theirs))
      }
    }
  }

  /// The moves, with the books the pull added found by their link, and only for books being
  /// read once the import merged their status.
  func movesAfterImport(library: any Library) async throws -> [Move] {
    var wanted = Dictionary(moves.map { ($0.hardcoverID, $0) }, uniquingKeysWith: { $1 })
    var ready: [Move] = []
    try await Self.forEachLinked(in: library) { item, id in
      guard var move = wanted.removeValue(forKey: id),
        item.book.status == .reading || item.book.status == .paused
      else { return }
      move.book = item.book.id
      move.title = item.book.title
      ready.append(move)
    }
    return ready
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
