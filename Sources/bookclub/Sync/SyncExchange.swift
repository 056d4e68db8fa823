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
  /// - Throws: ``SyncError`` when the folder is gone or damaged, ``ClubGitError`` when git
  ///   fails (the changes stay queued), ``LibraryError``.
  func sync(_ library: SQLiteLibrary, setup: SyncSetup) async throws -> SyncRun.Report {
    let folder = try SyncFolder.open(setup.folder)
    let lock =
      UserFolder.data.path(environment: context.environment)
      + "/sync-\(setup.device).lock"
    try FileManager.default.createDirectory(
      atPath: PathName.folder(of: lock), withIntermediateDirectories: true)
    // One sync of a library at a time: two would append the same outbox twice.
    return try await FileLock.withLock(at: lock) {
      let run = SyncRun(library: library, writer: context.writer(for: library), folder: folder)
      return try await run.run(setup) { try exchange(setup) }
    }
  }

  /// Commits, rebases and pushes a git folder; a plain folder's sync tool carries it.
  func exchange(_ setup: SyncSetup) throws {
    guard setup.usesGit else { return }
    let git = ClubGit(environment: context.environment)
    let repository = try ClubRepository(setup.folder)
    guard git.hasRemote(repository) else { return }
    try git.sync(
      repository, journal: "devices/\(setup.device).jsonl",
      also: ["library.json", SyncSnapshot.fileName],
      message: "\(setup.name.isEmpty ? setup.device.text : setup.name): bookclub sync")
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
