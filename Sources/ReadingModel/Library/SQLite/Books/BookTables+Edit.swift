#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension BookTables {
  /// Edits a book's fields and records the edit in its history; ``SQLiteLibrary/apply(_:)``
  /// with ``LibraryChange/edit(_:_:)``.
  func edit(_ bookID: Book.ID, _ edit: BookEdit) throws -> EditResult {
    var edit = edit
    if let placement = edit.queue {
      let place = try UpNextTables(connection: connection).place(placement, of: bookID)
      edit.fields[.upNext] = place ?? ""
    }
    if let link = edit.work {
      edit.fields[.work] = try Self.workKey(
        link, of: bookID, on: WorkTables(connection: connection))
    }
    let kind = edit.kind
    guard let book = try book(bookID) else { throw LibraryError.bookNotFound(bookID) }
    let detailTables = BookDetailTables(connection: connection)
    let details = try detailTables.details(of: bookID)
    let before = BookFields(book: book, details: details)
    let wanted = edit.applied(to: before)
    var updated = book
    var updatedDetails = details
    wanted.apply(to: &updated, &updatedDetails)
    let after = BookFields(book: updated, details: updatedDetails)
    let changes = before.changes(to: after)
    guard !changes.isEmpty else { return EditResult(book: book, changes: []) }
    updated.dateUpdated = max(book.dateUpdated, Date().roundedToMilliseconds)
    try update(updated)
    try detailTables.save(updatedDetails, of: bookID)
    try BookHistoryTables(connection: connection).log(
      BookEvent(time: updated.dateUpdated, kind: kind, detail: Self.describe(changes)),
      of: bookID)
    return EditResult(book: updated, changes: changes)
  }

  /// The work key `link` gives `bookID`: its own or a new one, the other book's, or none.
  private static func workKey(_ link: WorkLink, of bookID: Book.ID, on works: WorkTables) throws
    -> String
  {
    switch link {
    case .none: return ""
    case .own: return try works.work(of: bookID) ?? WorkKey.new()
    case .sameAs(let other):
      guard other != bookID else { throw WorkLinkError.itself }
      guard let key = try works.work(of: other) else { throw WorkLinkError.noWork(other) }
      return key
    }
  }

  /// `title: Emma → Emma (Penguin); pages: (empty) → 474`; a place in Up Next, a key no
  /// reader reads, as what happened to it: `put in Up Next`, `moved in Up Next`.
  static func describe(_ changes: [FieldChange]) -> String {
    changes.map { change in
      guard change.field != .upNext else {
        return change.before.isEmpty
          ? "put in Up Next" : change.after.isEmpty ? "taken out of Up Next" : "moved in Up Next"
      }
      guard change.field != .work else {
        return change.after.isEmpty ? "linked to no work" : "linked as an edition of a work"
      }
      return
        "\(change.field.label): \(change.field.display(change.before)) → \(change.field.display(change.after))"
    }.joined(separator: "; ")
  }
}

extension BookFields {
  /// The fields whose value differs in `other`, with the value here and there.
  public func changes(to other: BookFields) -> [FieldChange] {
    BookField.allCases.compactMap { field in
      let before = self[field] ?? ""
      let after = other[field] ?? ""
      return before == after ? nil : FieldChange(field: field, before: before, after: after)
    }
  }
}
