import ReadingModel

/// Shares applied changes with the clubs: the observer every write command and the browser
/// register once with their ``LibraryWriter``. A position or status that moved (progress, a
/// status, an entry removed, an undo or redo of one) is shared as where the reader now
/// stands; a new note goes where notes are shared (or everywhere, when asked); a rating
/// given or undone is shared as the rating now.
@MainActor
final class ClubShareObserver: ChangeObserver {
  private let library: any ClubLibrary
  private let context: CommandContext
  private let notices: NoticeQueue
  private let announcing: Bool

  /// - Parameters:
  ///   - notices: Where problems go (and "Shared with …" when `announcing`).
  ///   - announcing: Push "Shared with …" as a notice of its own; the browser adds it to its
  ///     action's notice instead (one notice shows at a time).
  init(
    library: any ClubLibrary, context: CommandContext, notices: NoticeQueue, announcing: Bool
  ) {
    self.library = library
    self.context = context
    self.notices = notices
    self.announcing = announcing
  }

  func changeApplied(_ change: AppliedChange) async -> [String] {
    guard let share = Self.share(of: change) else { return [] }
    guard await ClubSharing.isSharing(library, context: context) else {
      if share.isAsked { await sayNotShared(share.book) }
      return []
    }
    let shared = await ClubSharing.share(
      share.kinds, about: share.book, library: library, context: context, notices: notices,
      announcing: announcing, including: share.including, asked: share.isAsked)
    return announcing ? [] : (shared.map { [$0] } ?? [])
  }

  /// A note asked to be shared (`--share`) with sharing off or no club: said, not silent.
  private func sayNotShared(_ book: Book) async {
    let reason = await ClubSharing.whyNotShared(book, library: library, context: context)
    notices.push("Not shared: \(reason)", level: .warning)
  }

  /// What clubs hear of a change, if anything.
  struct Share {
    let book: Book
    let kinds: @Sendable (ClubBook) -> [ClubEvent.Kind]
    let including: @Sendable (ClubMembership) -> Bool
    /// Whether the reader asked for it to be shared (`note add --share`): going nowhere
    /// is then said.
    var isAsked = false
  }

  static func share(of change: AppliedChange) -> Share? {
    guard let record = change.record, let after = change.after else { return nil }
    // Another device's change was shared, or not, where it was made.
    guard record.kind != .sync else { return nil }
    if case .recorded(let recorded, let request) = change.outcome, recorded.entry.kind == .note {
      let (text, fraction) = (recorded.entry.note ?? "", recorded.entry.progress)
      let everywhere = request.sharedWithEveryClub
      return Share(
        book: after.book, kinds: { [.note($0, text: text, fraction: fraction)] },
        including: { everywhere || $0.sharesNotes }, isAsked: everywhere)
    }
    if record.kind == .rate {
      let rating = after.rating
      return Share(
        book: after.book, kinds: { [.rated($0, rating: rating)] }, including: { _ in true })
    }
    guard change.movedPosition else { return nil }
    let (fraction, page, status) = (after.currentFraction, after.currentPage, after.book.status)
    return Share(
      book: after.book,
      kinds: { book in
        var kinds: [ClubEvent.Kind] = [.progress(book, fraction: fraction, page: page)]
        if status == .finished { kinds.append(.finished(book)) }
        if status == .abandoned { kinds.append(.abandoned(book)) }
        return kinds
      }, including: { _ in true })
  }
}
