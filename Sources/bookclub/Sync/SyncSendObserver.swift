import ReadingModel

/// Sends each change a command makes to this device's journal once it has committed, so
/// the sync folder has it before any sync runs (a sync tool carries it from there); with
/// git and `deviceAutoSync`, starts a sync in the background to push it. The library is
/// never rolled back for it: a journal that cannot be written leaves the change queued for
/// the next sync, and says so.
@MainActor
final class SyncSendObserver: ChangeObserver {
  private let library: SQLiteLibrary
  private let context: CommandContext
  private let notices: NoticeQueue
  /// This library's sync, read at the first change (`.some(nil)`: it does not sync).
  private var setup: SyncSetup??

  /// - Parameter notices: Where problems go.
  init(library: SQLiteLibrary, context: CommandContext, notices: NoticeQueue) {
    self.library = library
    self.context = context
    self.notices = notices
  }

  func changeApplied(_ change: AppliedChange) async -> [String] {
    // A sync's own writes are another device's changes, or its own already sent.
    guard let record = change.record, record.kind != .sync || record.action != .change,
      let setup = await syncSetup()
    else { return [] }
    let exchange = SyncExchange(context: context)
    do {
      _ = try await exchange.send(library, setup: setup)
    } catch {
      notices.push(
        "Not yet in the sync folder: \(error.explanation) The change is kept and waits; "
          + "run 'bookclub sync' to send it.", level: .warning)
    }
    exchange.startInBackground(library, setup: setup)
    return []
  }

  /// Reads the setup once, and tells why the last background sync failed.
  private func syncSetup() async -> SyncSetup? {
    if let setup { return setup }
    let read = try? await library.syncSetup()
    setup = .some(read)
    if read != nil, !ClubAutoSync.isBackground(context),
      let problem = try? await library.takeBackgroundSyncProblem()
    {
      notices.push(
        "The background sync failed: \(TerminalText.safe(problem)) Run 'bookclub sync' to "
          + "try again.", level: .warning)
    }
    return read
  }
}
