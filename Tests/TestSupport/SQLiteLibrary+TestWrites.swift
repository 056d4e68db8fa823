import Foundation
import ReadingModel

/// Writes as tests set a library up, each a change through the one writer
/// (``SQLiteLibrary/apply(_:)``), so fixtures are recorded like any change.
extension SQLiteLibrary {
  /// Adds a book.
  @discardableResult
  public func add(_ book: NewBook) throws -> Book {
    try apply(.addBook(book)).after!.book
  }

  /// Sets a book's status as of `time`.
  @discardableResult
  public func setStatus(
    _ status: ReadingStatus, of bookID: Book.ID, at time: Date, reread: ReadingState.Reread?
  ) throws -> Book {
    try apply(.setStatus(bookID, status, at: time, reread: reread)).after!.book
  }

  /// Appends a position at `fraction` (a percent, as `progress set` takes it), or a note.
  @discardableResult
  public func record(
    _ fraction: Double, on bookID: Book.ID, at time: Date, note: String? = nil,
    kind: ReadingProgress.Entry.Kind = .progress, reread: ReadingState.Reread? = nil
  ) throws -> RecordedEntry {
    let request = EntryRequest(
      input: .percent(fraction * 100), note: note, time: time, reread: reread, kind: kind)
    guard case .recorded(let recorded, _) = try apply(.record(bookID, request)).outcome else {
      preconditionFailure("recording an entry made another kind of change")
    }
    return recorded
  }

  /// Replaces an entry's note.
  @discardableResult
  public func setNote(_ note: String?, ofEntry id: UUID) throws -> ReadingProgress.Entry {
    try apply(.setNote(entry: id, to: note)).entry!
  }

  /// Takes an entry out.
  @discardableResult
  public func removeEntry(_ id: UUID) throws -> RemovedEntry {
    try apply(.removeEntry(id)).removedEntry!
  }

  /// Moves a book to the trash.
  @discardableResult
  public func remove(_ bookID: Book.ID, at time: Date) throws -> TrashedBook {
    try apply(.removeBook(bookID, at: time)).trashedBook!
  }

  /// Puts a book from the trash back.
  @discardableResult
  public func restoreFromTrash(_ trashID: Int64, at time: Date) throws -> Book {
    try apply(.restoreFromTrash(trashID: trashID, at: time)).after!.book
  }

  /// Sets a goal.
  public func setGoal(_ goal: ReadingGoal) throws {
    try apply(.setGoal(goal))
  }

  /// Removes a goal.
  @discardableResult
  public func clearGoal(year: Int) throws -> ReadingGoal? {
    try apply(.clearGoal(year: year)).clearedGoal
  }

  /// Edits a book's fields.
  @discardableResult
  public func edit(_ bookID: Book.ID, _ edit: BookEdit) throws -> EditResult {
    try apply(.edit(bookID, edit)).editResult!
  }
}
