/// The one path of every write: applies a change through the library (one transaction,
/// recorded), then tells each observer, in the order they were registered. Commands and the
/// browser hold one writer each and make every change through it (``CurrentlyReading`` for
/// one book's changes).
@MainActor
public final class LibraryWriter {
  /// The library written.
  public let library: any ChangeApplying
  private var observers: [any ChangeObserver]

  /// - Parameters:
  ///   - library: Where changes are applied.
  ///   - observers: Told of each change after it committed.
  public init(library: any ChangeApplying, observers: [any ChangeObserver] = []) {
    self.library = library
    self.observers = observers
  }

  /// Registers another observer, told after those before it.
  public func observe(_ observer: any ChangeObserver) {
    observers.append(observer)
  }

  /// Applies `change`, then tells the observers.
  ///
  /// - Returns: What the change did, with the observers' remarks.
  /// - Throws: What ``ChangeApplying/apply(_:)`` throws; then no observer is told.
  @discardableResult
  public func apply(_ change: LibraryChange) async throws -> AppliedChange {
    await told(try await library.apply(change))
  }

  /// Applies `changes` in one transaction (``ChangeApplying/applyEach(_:)``), then tells the
  /// observers of each one written, in order.
  ///
  /// - Returns: What each change did, with the observers' remarks, or why it was not written.
  /// - Throws: What ``ChangeApplying/applyEach(_:)`` throws; then no observer is told.
  public func applyEach(_ changes: [LibraryChange]) async throws -> [Result<
    AppliedChange, any Error
  >] {
    var results = try await library.applyEach(changes)
    for index in results.indices {
      if case .success(let applied) = results[index] {
        results[index] = .success(await told(applied))
      }
    }
    return results
  }

  /// Undoes the change applied last (of `bookID` when given; only `expected` when given),
  /// then tells the observers.
  @discardableResult
  public func undo(of bookID: Book.ID? = nil, expecting expected: Int64? = nil) async throws
    -> AppliedChange
  {
    await told(try await library.undo(of: bookID, expecting: expected))
  }

  /// Redoes the change undone last (only `expected` when given), then tells the observers.
  @discardableResult
  public func redo(expecting expected: Int64? = nil) async throws -> AppliedChange {
    await told(try await library.redo(expecting: expected))
  }

  /// Imports a file as one group of changes (``ChangeApplying/importBooks(from:options:progress:)``),
  /// then tells the observers.
  ///
  /// - Returns: What the import did; its ``ImportSummary/record`` is what `undo` takes back.
  /// - Throws: What the import throws; then nothing changed and no observer is told.
  public func importBooks(
    from makeSource: @escaping @Sendable () throws -> any ImportSource, options: ImportOptions,
    progress: (@Sendable (ImportProgress) -> Void)?
  ) async throws -> ImportSummary {
    let summary = try await library.importBooks(
      from: makeSource, options: options, progress: progress)
    if !summary.dryRun {
      _ = await told(
        AppliedChange(
          record: summary.record, before: nil, after: nil, outcome: .imported(summary)))
    }
    return summary
  }

  /// Records what a service holds of books once they were sent to it
  /// (``ChangeApplying/recordSourceBases(_:source:summary:)``), then tells the observers.
  ///
  /// - Returns: The links left out because another book holds their id.
  /// - Throws: What the library throws; then nothing changed and no observer is told.
  @discardableResult
  public func recordSourceBases(_ links: [SourceLink], source: String, summary: String)
    async throws -> [SourceLink]
  {
    let (record, skipped) = try await library.recordSourceBases(
      links, source: source, summary: summary)
    if let record {
      _ = await told(AppliedChange(record: record, before: nil, after: nil, outcome: .linked))
    }
    return skipped
  }

  /// A change that changed nothing has no record and is told to no one.
  private func told(_ change: AppliedChange) async -> AppliedChange {
    guard change.record != nil else { return change }
    var change = change
    for observer in observers {
      change.remarks += await observer.changeApplied(change)
    }
    return change
  }
}
