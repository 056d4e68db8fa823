import Observation
import ReadingModel

/// The detail pane: the book open, what `bookclub show` prints about it, and its cover. While
/// a book is open it gets the keys before the list, and passes on those it does not bind
/// (the actions on the book, the list's keys).
@MainActor
@Observable
final class DetailPane: BrowserComponent {
  /// The book open; `nil` while the pane is closed.
  private(set) var open: BrowserDetail?
  /// The open book's cover.
  @ObservationIgnored let cover: CoverSlot

  @ObservationIgnored private let library: any Library
  @ObservationIgnored private let notices: NoticeQueue

  /// - Parameters:
  ///   - library: Where the book's report is read.
  ///   - notices: The notices Esc dismisses, and where a failed cover fetch is said.
  init(library: any Library, notices: NoticeQueue) {
    self.library = library
    self.notices = notices
    cover = CoverSlot(notices: notices)
  }

  /// The cover, when it is the open book's.
  var shownCover: CoverSlot.Image? {
    cover.image.flatMap { $0.book == open?.reading.book.id ? $0 : nil }
  }

  /// Opens a book, or shows it again after a change.
  ///
  /// - Parameters:
  ///   - book: The book.
  ///   - previous: The pane on this book before the change: its lines stay on screen and
  ///     its place is kept while it loads again.
  func show(_ book: Book, keeping previous: BrowserDetail? = nil) {
    open?.cancel()
    cover.load(of: book) { [weak self] id in self?.open?.reading.book.id == id }
    let next = BrowserDetail(
      reading: CurrentlyReading(book: book, library: library, notices: notices),
      library: library, shown: previous?.lines.value)
    next.top = previous?.top ?? 0
    open = next
    Task { await next.load() }
  }

  /// Closes the pane, cancelling its load.
  func close() {
    open?.cancel()
    open = nil
    cover.clear()
  }

  /// Takes the pane's keys while a book is open.
  ///
  /// - Parameter key: The key pressed.
  /// - Returns: What was done with it; `.passed` for keys the pane does not bind.
  func handle(_ key: Key) -> Handled {
    guard let open, let action = BrowserKeyMap.action(for: key, in: .detail)?.detail else {
      return .passed
    }
    switch action {
    case .scrollUp: open.top = max(0, open.top - 1)
    case .scrollDown: open.top += 1
    case .reload: Task { await open.load() }
    case .escape:
      if open.lines.isLoading {
        open.cancel()
      } else if notices.current != nil {
        notices.skipCurrent()
      } else {
        close()
      }
    case .close: close()
    }
    return .handled(.detail(action))
  }
}
