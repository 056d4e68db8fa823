import Observation

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One book and its reading progress: the owner of that progress, as in "Data Essentials in
/// SwiftUI". Loads the history through ``DataState`` and records new entries.
@MainActor
@Observable
public final class CurrentlyReading {
  /// The book. Its status follows the progress recorded here, so it is replaced after each
  /// entry, never edited in place.
  public private(set) var book: Book
  /// The book's history.
  public private(set) var progress: DataState<ReadingProgress, any Error> = .idle

  /// Where every change of the book is made, and its observers told.
  @ObservationIgnored public let writer: LibraryWriter
  /// Where the book's progress is read.
  @ObservationIgnored private let library: any ProgressReading
  @ObservationIgnored private let now: @Sendable () -> Date
  @ObservationIgnored private let requests = LoadSequence<ReadingProgress>()
  /// Where loads run; `nil` for the shared pool.
  @ObservationIgnored private let executor: (any TaskExecutor)?

  /// - Parameters:
  ///   - book: The book, as last read from the writer's library.
  ///   - writer: Where its changes are made; its observers say what they mean.
  ///   - reader: Where its progress is read: the writer's library.
  ///   - executor: Where loads run: a command-line program that waits for the history
  ///     passes its main thread's, and starts no threads; `nil` is the shared pool.
  ///   - now: The time a new entry gets when none is given; tests fix it.
  public init(
    book: Book, writer: LibraryWriter, reader: any ProgressReading,
    executor: (any TaskExecutor)? = nil, now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.book = book
    self.writer = writer
    library = reader
    self.executor = executor
    self.now = now
  }

  /// A book of `library` whose changes only ``ProgressNotices`` observes.
  ///
  /// - Parameter notices: Where events such as "progress went backwards" go.
  public convenience init(
    book: Book, library: any ChangeApplying & ProgressReading, notices: NoticeQueue,
    executor: (any TaskExecutor)? = nil, now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.init(
      book: book,
      writer: LibraryWriter(library: library, observers: [ProgressNotices(notices: notices)]),
      reader: library, executor: executor, now: now)
  }

  /// Loads the history through the store's ``LoadSequence``: a cancelled or superseded
  /// load's late result is never applied.
  public func load() async {
    guard !progress.isLoading, !requests.isInFlight else { return }
    progress.startLoading()
    let library = self.library
    let id = book.id
    switch await requests.run(on: executor, { try await library.progress(of: id) }) {
    case .stale: return
    case .cancelled: progress.cancel()
    case .finished(let result): progress.finish(result)
    }
  }

  /// Cancels the load in flight: the history returns to its last settled state, and the
  /// load's result, should it still arrive, is ignored.
  public func cancel() {
    guard requests.cancel() else { return }
    progress.cancel()
  }

  /// Records where the reader is: validates `input` against the book as it is inside the
  /// write transaction, writes, then updates this object. When the write fails, nothing
  /// here changes and the error is thrown.
  ///
  /// - Parameters:
  ///   - input: Where the reader is.
  ///   - note: An optional note; blank notes are dropped.
  ///   - time: When; now when `nil`.
  ///   - reread: For progress on a finished or abandoned book: a new reading, or the last
  ///     one reopened.
  /// - Returns: The entry recorded.
  /// - Throws: ``ProgressInputError`` for a value that does not fit the book (nothing is
  ///   written), ``ReadingState/RereadUndecided`` when `reread` is needed, ``LibraryError``
  ///   when the library cannot be written.
  @discardableResult
  public func record(
    _ input: ProgressInput, note: String? = nil, at time: Date? = nil,
    reread: ReadingState.Reread? = nil
  ) async throws -> ReadingProgress.Entry {
    try await append(
      EntryRequest(input: input, note: note, time: time, now: now(), reread: reread))
  }

  /// Keeps a note at the current position, or at `position`: a note never moves the book.
  ///
  /// - Parameter sharedWithEveryClub: Share it with every club, not only those that share
  ///   notes.
  /// - Returns: The note's entry.
  @discardableResult
  public func note(
    _ text: String, at position: ProgressInput? = nil, time: Date? = nil,
    sharedWithEveryClub: Bool = false
  ) async throws -> ReadingProgress.Entry {
    try await append(
      EntryRequest(
        input: position, note: text, time: time, now: now(), kind: .note,
        sharedWithEveryClub: sharedWithEveryClub))
  }

  private func append(_ request: EntryRequest) async throws -> ReadingProgress.Entry {
    let applied = try await apply(.record(book.id, request))
    guard case .recorded(let recorded, _) = applied.outcome else {
      preconditionFailure("recording an entry made another kind of change")
    }
    return recorded.entry
  }

  /// Makes a change of this book through the writer, then shows the book as it is after it.
  /// The history, when loaded, takes a new entry in place and is read again after any other
  /// change (an undo, an entry removed).
  ///
  /// - Parameter change: A change of this book.
  /// - Returns: What the change did.
  /// - Throws: What ``LibraryWriter/apply(_:)`` throws; nothing here changes.
  @discardableResult
  public func apply(_ change: LibraryChange) async throws -> AppliedChange {
    show(try await writer.apply(change))
  }

  /// Undoes the last change of this book.
  @discardableResult
  public func undo() async throws -> AppliedChange {
    show(try await writer.undo(of: book.id))
  }

  private func show(_ applied: AppliedChange) -> AppliedChange {
    if let after = applied.after { book = after.book }
    guard var history = progress.value else { return applied }
    if case .recorded(let recorded, _) = applied.outcome {
      history.insert(recorded.entry)
      history.readings = recorded.readings
      progress = .success(history)
    } else if applied.record != nil {
      progress = .idle
    }
    return applied
  }
}
