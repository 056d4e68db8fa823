import ImageDecoding
import Observation
import ReadingModel

/// The open book's cover: loaded beside the detail pane, from the cache or, while fetching
/// works, from Open Library.
@MainActor
@Observable
final class CoverSlot {
  /// Makes the loader of a book's cover, told whether it may fetch; set by the session
  /// (`nil`: no covers).
  @ObservationIgnored var loader: (@MainActor (Book, Bool) -> CoverImageLoader?)?
  /// Why fetching a cover failed, once it has: said once, and from then on covers come
  /// from the cache alone (offline, each book opened would only fail again).
  @ObservationIgnored private(set) var problem: String?
  /// A cover loaded, and whose it is.
  typealias Image = (book: Book.ID, image: RGBImage)

  /// The cover once loaded, with its book.
  private(set) var image: Image?

  @ObservationIgnored private var loading: CoverImageLoader?
  @ObservationIgnored private let notices: NoticeQueue

  /// - Parameter notices: Where a failed fetch is said.
  init(notices: NoticeQueue) {
    self.notices = notices
  }

  /// Starts loading the cover of the book opened, unless it is the one loaded or loading;
  /// another book's load is cancelled, and a result for a book no longer open is dropped.
  ///
  /// - Parameters:
  ///   - book: The book opened.
  ///   - isOpen: Whether a book, by id, is still the one open.
  func load(of book: Book, isOpen: @escaping @MainActor (Book.ID) -> Bool) {
    guard image?.book != book.id || image == nil else { return }
    if let loading, loading.key.hasPrefix((book.isbn13 ?? "-") + "/") { return }
    loading?.cancel()
    image = nil
    guard let next = loader?(book, problem == nil) else { return }
    loading = next
    let id = book.id
    next.start(
      deliver: { [weak self] image in
        guard let self, isOpen(id) else { return }
        self.image = (id, image)
      },
      failed: { [weak self] problem in
        guard let self, self.problem == nil else { return }
        self.problem = problem
        self.notices.push("Covers: \(problem) Showing cached covers only.", level: .warning)
      })
  }

  /// Stops loading and forgets the cover: the pane closed.
  func clear() {
    loading?.cancel()
    loading = nil
    image = nil
  }
}
