import ReadingModel

/// Shares applied changes with the clubs: the observer every write command and the browser
/// register once with their ``LibraryWriter``. A position or status that moved (progress, a
/// status, an entry removed, an undo or redo of one) is shared as where the reader now
/// stands; a new note goes where notes are shared (or everywhere, when asked); a rating
/// given or undone is shared as the rating now; highlights and quotes added with `--share`
/// go to every club reading their book, each as a note at its place.
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
    if let highlights = Self.highlightShares(of: change) {
      return await shareHighlights(highlights.books, asked: highlights.asked)
    }
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

  /// The highlights a change asked to share, by book: a quote's (`quote add --share`, asked
  /// of that one book) or an ingest's (`ingest --share`, of every book that got some).
  static func highlightShares(of change: AppliedChange) -> (books: [BookHighlights], asked: Bool)? {
    switch change.outcome {
    case .highlightsAdded(let added, sharedWithClubs: true):
      guard let book = change.after?.book, !added.isEmpty else { return nil }
      return ([BookHighlights(book: book, highlights: added)], true)
    case .imported(let summary) where !summary.highlightsShared.isEmpty:
      return (summary.highlightsShared, false)
    default: return nil
    }
  }

  /// Shares highlights with every club reading their book, each as a note at its place; one
  /// with no known place is not shared, and that is said. An ingest's books that no club
  /// reads are passed over, said once.
  private func shareHighlights(_ books: [BookHighlights], asked: Bool) async -> [String] {
    guard await ClubSharing.isSharing(library, context: context) else {
      if let first = books.first { await sayNotShared(first.book) }
      return []
    }
    var said: [String] = []
    var tried: [BookHighlights] = []
    for entry in books {
      let placed = entry.highlights.compactMap { highlight in
        SharedHighlight.fraction(of: highlight, in: entry.book).map {
          (SharedHighlight.text(of: highlight), $0)
        }
      }
      let unplaced = entry.highlights.count - placed.count
      if unplaced > 0 {
        notices.push(
          "Not shared: \(unplaced) of the highlights of “\(entry.book.shownTitle)” "
            + "\(unplaced == 1 ? "has" : "have") no known place in the book, so no member's "
            + "spoiler shield could hide \(unplaced == 1 ? "it" : "them").",
          level: .warning)
      }
      guard !placed.isEmpty else { continue }
      tried.append(entry)
      let shared = await ClubSharing.share(
        { book in placed.map { .note(book, text: $0.0, fraction: $0.1) } },
        about: entry.book, library: library, context: context, notices: notices,
        announcing: announcing, asked: asked)
      if let shared { said.append(shared) }
    }
    // Said only of books with highlights to share that none took: a club it could not
    // write has said so above, and then this names the other reason.
    if !asked, said.isEmpty, let first = tried.first {
      let which =
        tried.count == 1
        ? "“\(first.book.shownTitle)”, whose highlights came in, is"
        : "none of the \(tried.count) books whose highlights came in is"
      notices.push(
        "Not shared: \(which) no club's current book, or its club could not be written "
          + "(bookclub club status).", level: .warning)
    }
    return announcing ? [] : said
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
