/// Told of each change once it has committed: notices, club sharing, and whatever comes
/// next. Registered once, with the ``LibraryWriter``; an observer never writes books.
@MainActor
public protocol ChangeObserver: AnyObject {
  /// Reacts to an applied change (an undo and a redo too).
  ///
  /// - Parameter change: What was applied, with the book before and after.
  /// - Returns: What to say of it, in order ("Shared with Bookworms."); the writer's caller
  ///   shows it with its own message.
  func changeApplied(_ change: AppliedChange) async -> [String]
}
