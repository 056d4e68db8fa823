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

  @ObservationIgnored private let library: any Library
  @ObservationIgnored private let notices: NoticeQueue
  @ObservationIgnored private let now: @Sendable () -> Date
  @ObservationIgnored private let requests = LoadSequence<ReadingProgress>()
  /// Where loads run; `nil` for the shared pool.
  @ObservationIgnored private let executor: (any TaskExecutor)?

  /// - Parameters:
  ///   - book: The book, as last read from `library`.
  ///   - notices: Where events such as "progress went backwards" go.
  ///   - executor: Where loads run: a command-line program that waits for the history
  ///     passes its main thread's, and starts no threads; `nil` is the shared pool.
  ///   - now: The time a new entry gets when none is given; tests fix it.
  public init(
    book: Book, library: any Library, notices: NoticeQueue,
    executor: (any TaskExecutor)? = nil, now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.book = book
    self.library = library
    self.notices = notices
    self.executor = executor
    self.now = now
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
    try await append(kind: .progress, input: input, note: note, at: time, reread: reread)
  }

  /// Keeps a note at the current position, or at `position`: a note never moves the book.
  ///
  /// - Returns: The note's entry.
  @discardableResult
  public func note(_ text: String, at position: ProgressInput? = nil, time: Date? = nil)
    async throws -> ReadingProgress.Entry
  {
    try await append(kind: .note, input: position, note: text, at: time, reread: nil)
  }

  private func append(
    kind: ReadingProgress.Entry.Kind, input: ProgressInput?, note: String?, at time: Date?,
    reread: ReadingState.Reread?
  ) async throws -> ReadingProgress.Entry {
    let note = note.flatMap {
      $0.trimmingWhitespace().isEmpty ? nil : $0
    }
    let now = self.now
    let recorded = try await library.appendEntry(to: book.id, reread: reread) { book, latest in
      let current = latest?.progress ?? (book.status == .finished ? 1 : 0)
      let fraction = try input?.fraction(for: book, current: current) ?? current
      // "Now" is read under the write lock and never before the newest entry, so entries
      // from processes racing on one book are in time order as they are in write order.
      let when = time ?? max(now(), latest?.time ?? .distantPast)
      return EntryDraft(progress: fraction, time: when, note: note, kind: kind)
    }
    apply(recorded, reread: reread)
    return recorded.entry
  }

  private func apply(_ recorded: RecordedEntry, reread: ReadingState.Reread?) {
    book = recorded.book
    if var history = progress.value {
      history.insert(recorded.entry)
      history.readings = recorded.readings
      progress = .success(history)
    }
    guard recorded.entry.kind == .progress else { return }
    let title = "“\(book.title)”"
    let resumed = recorded.previousStatus == .finished || recorded.previousStatus == .abandoned
    // A re-read starts again from the beginning: that is not going backwards.
    let newReading = resumed && reread == .reread
    if let before = recorded.previous, recorded.entry.progress < before.progress, !newReading {
      notices.push(
        "Progress went backwards, from \(Self.percent(before.progress)) to \(Self.percent(recorded.entry.progress)).",
        level: .warning)
    }
    if resumed, recorded.book.status == .reading {
      notices.push(
        newReading
          ? "\(title) was \(recorded.previousStatus.displayName); a new reading has begun."
          : "\(title) was \(recorded.previousStatus.displayName); its last reading goes on.")
    } else if recorded.previousStatus != .finished, recorded.book.status == .finished {
      notices.push("\(title) is finished. Well read!")
    }
  }

  private static func percent(_ fraction: Double) -> String {
    "\(Int((fraction * 100).rounded(.down)))%"
  }
}
