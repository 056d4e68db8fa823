// What each kind of change made, read without a switch by the command that made it.
extension AppliedChange {
  /// An edit's result: the book after and each field changed.
  public var editResult: EditResult? {
    if case .edited(let result) = outcome { return result }
    return nil
  }

  /// The entry recorded, or the entry whose note was set.
  public var entry: ReadingProgress.Entry? {
    switch outcome {
    case .recorded(let recorded, _): recorded.entry
    case .noteSet(let entry): entry
    case .entryRemoved(let removed): removed.entry
    default: nil
    }
  }

  /// The entry taken out, with its book after.
  public var removedEntry: RemovedEntry? {
    if case .entryRemoved(let removed) = outcome { return removed }
    return nil
  }

  /// The book moved to the trash.
  public var trashedBook: TrashedBook? {
    if case .trashed(let trashed) = outcome { return trashed }
    return nil
  }

  /// The goal there was, for a goal cleared.
  public var clearedGoal: ReadingGoal? {
    if case .goalCleared(let goal) = outcome { return goal }
    return nil
  }
}

// The same, for the command that made the change, whose kind guarantees the result: a
// result missing is a bug in bookclub, told as ``AppliedChange/MissingResult``, never a crash.
extension AppliedChange {
  /// The book as the change left it, which every change to a book still in the library has.
  ///
  /// - Throws: ``MissingResult`` when there is none (a goal's change, a book trashed).
  public func bookAfter() throws(MissingResult) -> Book {
    try required("the book after it", after?.book)
  }

  /// An edit's result.
  ///
  /// - Throws: ``MissingResult`` for a change that is not an edit.
  public func edited() throws(MissingResult) -> EditResult {
    try required("an edit", editResult)
  }

  /// The entry whose note was set.
  ///
  /// - Throws: ``MissingResult`` for a change that set no note.
  public func noteSet() throws(MissingResult) -> ReadingProgress.Entry {
    if case .noteSet(let entry) = outcome { return entry }
    throw missing("a note set")
  }

  /// The entry taken out, with its book after.
  ///
  /// - Throws: ``MissingResult`` for a change that removed no entry.
  public func entryRemoved() throws(MissingResult) -> RemovedEntry {
    try required("an entry removed", removedEntry)
  }

  /// The book moved to the trash.
  ///
  /// - Throws: ``MissingResult`` for a change that trashed nothing.
  public func trashed() throws(MissingResult) -> TrashedBook {
    try required("a book trashed", trashedBook)
  }

  /// The goal there was (`nil`: there was none), for a goal cleared.
  ///
  /// - Throws: ``MissingResult`` for a change that cleared no goal.
  public func goalCleared() throws(MissingResult) -> ReadingGoal? {
    if case .goalCleared(let goal) = outcome { return goal }
    throw missing("a goal cleared")
  }

  private func required<Value>(_ wanted: String, _ value: Value?) throws(MissingResult) -> Value {
    guard let value else { throw missing(wanted) }
    return value
  }

  private func missing(_ wanted: String) -> MissingResult {
    MissingResult(wanted: wanted, outcome: outcome.caseName)
  }
}

extension AppliedChange.Outcome {
  /// The case's name (`edited`), without its values (a title may hold anything): for an
  /// internal error. Read by reflection, so that it needs no switch over the cases.
  var caseName: String {
    Mirror(reflecting: self).children.first?.label ?? "another kind"
  }
}
