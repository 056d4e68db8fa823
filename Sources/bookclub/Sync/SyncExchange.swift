import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A sync run with its transport: for a git folder, this device's journal is committed,
/// rebased on what the other devices pushed and pushed (as a git club's is) before the
/// others' lines are read, and again after, when the sync wrote more.
@MainActor
struct SyncExchange {
  let context: CommandContext

  /// Syncs `library` with its folder.
  ///
  /// - Returns: What the sync did.
  /// - Throws: ``SyncError`` when the folder is gone or damaged, ``SyncGitError`` when git
  ///   fails (the changes stay queued), ``LibraryError``.
  ///
  /// - Parameters:
  ///   - whenLocked: Called once this sync holds the lock that lets one sync of the library
  ///     run at a time.
  ///   - andThen: Runs after the sync, still under that lock (`sync compact`'s snapshot).
  func sync(
    _ library: SQLiteLibrary, setup: SyncSetup, whenLocked: () -> Void = {},
    andThen: (SyncFolder) async throws -> Void = { _ in }
  ) async throws -> SyncRun.Report {
    let folder = try SyncFolder.open(setup.folder)
    // One sync of a library at a time: two would append the same outbox twice.
    let report = try await FileLock.withLock(at: lockPath(setup, "lock")) {
      whenLocked()
      let run = SyncRun(library: library, writer: context.writer(for: library), folder: folder)
      let report = try await run.run(setup) { try exchange(setup) }
      try await andThen(folder)
      return report
    }
    try? await library.recordBackgroundSyncProblem(nil)
    return report
  }

  /// Puts this device's new changes in its journal, as a command that wrote does after its
  /// commit; not while a sync runs (it sends them itself, and must not wait on the network).
  ///
  /// - Returns: How many lines went to the journal; `nil` when a sync held the lock.
  /// - Throws: ``SyncError`` when the folder is gone, ``FileError``, ``LibraryError``: the
  ///   changes stay queued for the next sync.
  func send(_ library: SQLiteLibrary, setup: SyncSetup) async throws -> Int? {
    let folder = try SyncFolder.open(setup.folder)
    guard let lock = try FileLock.attempt(at: lockPath(setup, "lock")) else { return nil }
    defer { lock.release() }
    // No observers: what a send writes again is a sync's own write, not a change to send.
    let run = SyncRun(library: library, writer: LibraryWriter(library: library), folder: folder)
    return try await run.send(setup.device)
  }

  /// Starts `bookclub sync` in the background for a git folder, unless
  /// one is already waiting to run: it will send what this command wrote.
  func startInBackground(_ library: SQLiteLibrary, setup: SyncSetup) {
    guard setup.usesGit, context.settings.deviceAutoSync, !ClubAutoSync.isBackground(context),
      let program = ClubAutoSync.executable(context)
    else { return }
    var environment = context.environment
    environment[ClubAutoSync.environmentKey] = "1"
    do {
      try ChildProcess.startInBackground(
        [program, "sync", "now", "--library", library.path], environment: environment)
    } catch {
      context.notices.push(
        "Could not start syncing in the background; run 'bookclub sync'.", level: .warning)
    }
  }

  /// A background sync of `library`: waits its turn, runs, and records why it failed for
  /// the next command to tell; prints nothing (nobody is there to read it). A second one
  /// that finds one already waiting leaves: that one sends what both would.
  func syncInBackground(_ library: SQLiteLibrary) async {
    guard let setup = try? await library.syncSetup(),
      let queued = try? FileLock.attempt(at: lockPath(setup, "queue"))
    else { return }
    do {
      _ = try await sync(library, setup: setup, whenLocked: { queued.release() })
    } catch {
      try? await library.recordBackgroundSyncProblem(error.explanation)
    }
  }

  /// Joins and leaves here the clubs the other devices did (``SyncClubFollower``), after a
  /// sync has read them, and sends what that wrote (this device's own `club` lines).
  func followClubs(_ library: SQLiteLibrary, setup: SyncSetup) async throws {
    let done = try await SyncClubFollower(context: context).follow(library)
    for line in done { context.output.line(line) }
    guard !done.isEmpty else { return }
    do {
      _ = try await send(library, setup: setup)
      try exchange(setup)
    } catch {
      context.notices.push(
        "Not yet in the sync folder: \(error.explanation) Run 'bookclub sync' to send it.",
        level: .warning)
    }
  }

  /// A lock of this device's syncs, beside bookclub's data (never in the shared folder).
  private func lockPath(_ setup: SyncSetup, _ kind: String) -> String {
    UserFolder.data.path(environment: context.environment) + "/sync-\(setup.device).\(kind)"
  }

  /// Commits, rebases and pushes a git folder; a plain folder's sync tool carries it.
  func exchange(_ setup: SyncSetup) throws {
    guard setup.usesGit else { return }
    let git = ClubGit(environment: context.environment)
    let repository = try ClubRepository(setup.folder)
    guard git.hasRemote(repository) else { return }
    do {
      try git.sync(
        repository, journal: "devices/\(setup.device).jsonl",
        also: ["library.json", SyncSnapshot.fileName],
        message: "\(setup.name.isEmpty ? setup.device.text : setup.name): bookclub sync")
    } catch let error as ClubGitError {
      throw SyncGitError(git: error)
    }
  }

  /// Says what a sync did: what went out and came in, books that moved to another id,
  /// merged adds, lines kept for a newer bookclub, and every warning.
  static func tell(_ report: SyncRun.Report, context: CommandContext) {
    var parts = ["sent \(report.sent) \(report.sent == 1 ? "change" : "changes")"]
    parts.append(
      "applied \(report.received) from other devices"
        + (report.booksChanged > 0
          ? " (\(report.booksChanged) \(report.booksChanged == 1 ? "book" : "books"))" : ""))
    context.output.line("Synced: " + parts.joined(separator: ", ") + ".")
    for move in report.moved {
      context.output.line(
        "“\(TerminalText.safe(move.title))” is book \(move.to) now (was \(move.from)): "
          + "another device gave that id to a book first.")
    }
    for remark in report.remarks { context.output.line(TerminalText.safe(remark) + ".") }
    if report.unknown > 0 {
      context.notices.push(
        "\(report.unknown) changes are of a kind a newer bookclub wrote: kept, not applied. "
          + "Update bookclub on this device.", level: .warning)
    }
    for warning in report.warnings {
      context.notices.push(TerminalText.safe(warning), level: .warning)
    }
  }
}
