import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ReadingModel

/// A library whose writes fail, to prove a failed write changes nothing: what
/// ``CurrentlyReading`` needs, its writes and its progress reads. Reads go to a real SQLite
/// library; with a gate, history reads wait until the test opens it.
struct FailingWritesLibrary: ChangeApplying, ProgressReading {
  let base: SQLiteLibrary
  var progressGate: ProgressGate?
  struct WriteFailed: Error {}

  func apply(_ change: LibraryChange) async throws -> AppliedChange { throw WriteFailed() }
  func applyEach(_ changes: [LibraryChange]) async throws -> [Result<AppliedChange, any Error>] {
    throw WriteFailed()
  }
  func undo(of bookID: Book.ID?, expecting expected: Int64?) async throws -> AppliedChange {
    throw WriteFailed()
  }
  func redo(expecting expected: Int64?) async throws -> AppliedChange { throw WriteFailed() }
  func importBooks(
    from makeSource: @Sendable () throws -> any ImportSource, options: ImportOptions,
    progress: (@Sendable (ImportProgress) -> Void)?
  ) async throws -> ImportSummary { throw WriteFailed() }

  func recordSourceBases(_ links: [SourceLink], source: String, summary: String) async throws
    -> (record: ChangeRecord?, skipped: [SourceLink])
  { throw WriteFailed() }

  func progress(of bookID: Book.ID) async throws -> ReadingProgress {
    await progressGate?.pass()
    return try await base.progress(of: bookID)
  }
  func statusChanges(of bookID: Book.ID) async throws -> [StatusChange] {
    try await base.statusChanges(of: bookID)
  }
  func entry(_ idOrPrefix: String) async throws -> EntryLookup { try await base.entry(idOrPrefix) }
  func lastRecordedEntry(of bookID: Book.ID) async throws -> ReadingProgress.Entry? {
    try await base.lastRecordedEntry(of: bookID)
  }
  func entries(startingWith prefix: String, limit: Int) async throws -> [LocatedEntry] {
    try await base.entries(startingWith: prefix, limit: limit)
  }
  func overview(notes: Int) async throws -> LibraryOverview {
    try await base.overview(notes: notes)
  }
}

/// Holds reads until the test opens it, deaf to cancellation as a slow disk is; once open,
/// it lets every read through.
final class ProgressGate: Sendable {
  private struct State {
    var isOpen = false
    var waiting: [CheckedContinuation<Void, Never>] = []
    var arrived = 0
  }

  private let state = Mutex(State())

  func pass() async {
    await withCheckedContinuation { continuation in
      let passes = state.withLock { state in
        state.arrived += 1
        if !state.isOpen { state.waiting.append(continuation) }
        return state.isOpen
      }
      if passes { continuation.resume() }
    }
  }

  /// Waits until `count` reads have arrived at the gate.
  func waitForReads(_ count: Int) async {
    let arrived: Void? = try? await Wait.until("\(count) reads to arrive at the gate") {
      state.withLock { $0.arrived } >= count
    }
    #expect(arrived != nil)
  }

  /// Lets every waiting read through, and every read after.
  func open() {
    let waiting = state.withLock { state in
      state.isOpen = true
      defer { state.waiting = [] }
      return state.waiting
    }
    for continuation in waiting { continuation.resume() }
  }
}

@MainActor
@Suite struct CurrentlyReadingTests {
  let folder = TemporaryFolder()
  /// Time stands still for the notices: none ends while a test looks for it.
  let notices = NoticeQueue(clock: ManualClock())
  /// Noon, 1 May 2024, UTC.
  nonisolated static let may1 = Date(milliseconds: 1_714_564_800_000)
  static let day: TimeInterval = 86_400

  func open(pages: Int? = 400, status: ReadingStatus = .wantToRead) async throws
    -> (CurrentlyReading, SQLiteLibrary)
  {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    let book = try await library.add(
      try NewBook(title: "Middlemarch", authors: ["George Eliot"], pageCount: pages, status: status)
    )
    let reading = CurrentlyReading(book: book, library: library, notices: notices) { Self.may1 }
    await reading.load()
    return (reading, library)
  }

  static func isIdle(_ state: DataState<ReadingProgress, any Error>) -> Bool {
    if case .idle = state { return true }
    return false
  }

  /// A load whose read is still held by the gate, on a book of a real library.
  func heldLoad() async throws -> (CurrentlyReading, Task<Void, Never>, ProgressGate) {
    let base = SQLiteLibrary(path: folder.path("library.sqlite"))
    let book = try await base.add(try NewBook(title: "Middlemarch", authors: ["George Eliot"]))
    let gate = ProgressGate()
    let library = FailingWritesLibrary(base: base, progressGate: gate)
    let reading = CurrentlyReading(book: book, library: library, notices: notices)
    let load = Task { await reading.load() }
    await gate.waitForReads(1)
    return (reading, load, gate)
  }

  @Test func cancelReturnsToIdleAndDropsTheLateHistory() async throws {
    let (reading, load, gate) = try await heldLoad()
    #expect(reading.progress.isInitialLoading)
    reading.cancel()
    #expect(Self.isIdle(reading.progress))
    gate.open()
    await load.value
    #expect(Self.isIdle(reading.progress), "the late history was applied")
  }

  @Test func cancellingTheAwaitingTaskDropsTheHistory() async throws {
    let (reading, load, gate) = try await heldLoad()
    load.cancel()
    gate.open()
    await load.value
    #expect(Self.isIdle(reading.progress), "the history of a cancelled load was applied")
    await reading.load()
    #expect(reading.progress.value != nil)
  }

  @Test func loadsThroughDataState() async throws {
    let (reading, _) = try await open()
    guard case .success(let progress) = reading.progress else {
      Issue.record("expected success, got \(reading.progress)")
      return
    }
    #expect(progress.entries.isEmpty)
    #expect(reading.currentFraction == 0)
  }

  @Test func recordsEachFormAndUpdatesTheState() async throws {
    let (reading, library) = try await open()
    try await reading.record(.page(100), at: Self.may1)
    #expect(reading.currentFraction == 0.25)
    #expect(reading.currentPage == 100)
    try await reading.record(.relativePages(20), note: "chapter 5", at: Self.may1 + Self.day)
    #expect(reading.currentPage == 120)
    try await reading.record(.percent(50), at: Self.may1 + 2 * Self.day)
    #expect(reading.currentPage == 200)
    try await reading.record(.done, at: Self.may1 + 3 * Self.day)
    #expect(reading.currentFraction == 1)
    #expect(try await library.progress(of: reading.book.id) == reading.progress.value)
    #expect(reading.progress.value?.notes.map(\.note) == ["chapter 5"])
  }

  @Test func invalidValuesWriteNothing() async throws {
    let (reading, library) = try await open(pages: 400)
    try await reading.record(.page(100), at: Self.may1)
    let before = reading.progress.value
    for input in [ProgressInput.page(401), .relativePages(-101), .relativePages(301)] {
      await #expect(throws: ProgressInputError.self) { try await reading.record(input) }
    }
    #expect(reading.progress.value == before)
    #expect(try await library.progress(of: reading.book.id) == before)
    let (unpaged, _) = try await open(pages: nil)
    await #expect(throws: ProgressInputError.pagesUnknown) { try await unpaged.record(.page(3)) }
  }

  @Test func statusFollowsProgress() async throws {
    let (reading, _) = try await open()
    try await reading.record(.percent(0), at: Self.may1)
    #expect(reading.book.status == .wantToRead)
    try await reading.record(.page(10), at: Self.may1 + 60)
    #expect(reading.book.status == .reading)
    try await reading.record(.done, at: Self.may1 + 120)
    #expect(reading.book.status == .finished)
    #expect(reading.finished == Self.may1 + 120)
    _ = notices.drain()
    // Progress on a finished book: the reader says whether it is a re-read.
    await #expect(throws: ReadingState.RereadUndecided(status: .finished)) {
      try await reading.record(.page(390), at: Self.may1 + 180)
    }
    try await reading.record(.page(390), at: Self.may1 + 180, reread: .sameReading)
    #expect(reading.book.status == .reading)
    #expect(reading.finished == nil)
    let messages = notices.drain().map(\.message)
    #expect(messages.contains { $0.contains("was finished; its last reading goes on") })
    #expect(messages.contains { $0.contains("Progress went backwards, from 100% to 97%") })
  }

  @Test func abandonedBooksReopenToo() async throws {
    let (reading, _) = try await open(status: .abandoned)
    try await reading.record(.page(40), at: Self.may1, reread: .reread)
    #expect(reading.book.status == .reading)
    #expect(notices.drain().contains { $0.message.contains("was abandoned") })
  }

  @Test func aNoteIsNotAPosition() async throws {
    let (reading, _) = try await open(status: .finished)
    let entry = try await reading.note("Looks better the second time", time: Self.may1)
    #expect(entry.kind == .note && entry.progress == 1)
    #expect(reading.book.status == .finished)  // a note never reopens a book
    try await reading.record(.page(100), at: Self.may1 + 60, reread: .reread)
    let noted = try await reading.note("At the fair", time: Self.may1 + 120)
    #expect(noted.progress == 0.25)  // kept at the current position
    try await reading.record(.relativePages(15), at: Self.may1 + 180)
    #expect(reading.currentPage == 115)  // counted from the position, not from the note
  }

  @Test func paceAndEstimateOnFixedDates() async throws {
    let (reading, _) = try await open(pages: 400)
    // Day 0 page 0, day 10 page 200: 20 pages a day, 200 pages left → finish on day 20.
    try await reading.record(.page(0), at: Self.may1)
    #expect(reading.pace == nil)
    try await reading.record(.page(100), at: Self.may1 + 5 * Self.day)
    try await reading.record(.page(200), at: Self.may1 + 10 * Self.day)
    let pace = try #require(reading.pace)
    #expect(abs((pace.pagesPerDay ?? 0) - 20) < 1e-9)
    #expect(abs(pace.fractionPerDay - 0.05) < 1e-12)
    #expect(reading.estimatedFinish == Self.may1 + 20 * Self.day)
    #expect(reading.started == Self.may1 + 5 * Self.day)
    // An entry 30 days later: over the last 14 days the reader went from page 200 (where
    // they were when those days began) to 210.
    try await reading.record(.page(210), at: Self.may1 + 40 * Self.day)
    #expect(abs((reading.pace?.pagesPerDay ?? 0) - 10.0 / 14) < 1e-9)
    try await reading.record(.page(280), at: Self.may1 + 47 * Self.day)
    #expect(abs((reading.pace?.pagesPerDay ?? 0) - 80.0 / 14) < 1e-9)
  }

  @Test func aFailedWriteLeavesTheStateUnchanged() async throws {
    let (loaded, library) = try await open()
    try await loaded.record(.page(50), at: Self.may1)
    let failing = FailingWritesLibrary(base: library)
    let reading = CurrentlyReading(book: loaded.book, library: failing, notices: notices)
    await reading.load()
    let before = (reading.book, reading.progress.value)
    await #expect(throws: FailingWritesLibrary.WriteFailed.self) {
      try await reading.record(.done, note: "the end")
    }
    #expect(reading.book == before.0)
    #expect(reading.progress.value == before.1)
    #expect(reading.book.status == .reading)
    #expect(notices.drain().isEmpty)
  }

  @Test func editorConfigDraftRoundTrip() throws {
    let book = Book(
      id: 1, title: "Middlemarch", authors: ["George Eliot"], pageCount: 880,
      dateAdded: Self.may1, dateUpdated: Self.may1)
    var config = EditorConfig()
    config.present(initialProgress: 0.5)
    #expect(config.isEditorPresented && config.note.isEmpty && config.progress == 0.5)
    let draft = config.draft(for: book)
    #expect(draft.hasPrefix("440\n\n"))
    #expect(try config.read(draft, for: book) == .unchanged)
    #expect(try config.read("# only comments\n\n", for: book) == .empty)
    #expect(
      try config.read("+20\n\nGood chapter.\nTwo lines.\n# help", for: book)
        == .record(.relativePages(20), note: "Good chapter.\nTwo lines."))
    #expect(
      try config.read("440\n\nJust a note", for: book) == .record(.page(440), note: "Just a note"))
    #expect(throws: ProgressInputError.notUnderstood("garbage")) {
      try config.read("garbage\n\nnote", for: book)
    }
  }
}
