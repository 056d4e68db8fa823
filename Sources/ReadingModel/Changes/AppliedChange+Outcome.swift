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
