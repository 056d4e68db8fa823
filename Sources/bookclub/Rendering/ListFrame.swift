import ReadingModel

/// What `list` shows for its store as it stands: the rows, the footer line, and a notice or
/// the error that ends the listing.
///
/// Made by one exhaustive switch over the store's state (DESIGN.md principle 7), as the
/// browser's library pane is drawn: each case of ``PagingDataState`` says what it shows, and
/// the session only prints the frame.
struct ListFrame {
  /// What the list itself shows.
  enum Content {
    /// Nothing settled: no load was asked for, or it was cancelled.
    case nothing
    /// No book is listed; the message says why and what to do.
    case empty(String)
    /// The books loaded: every one so far, or when streaming, the newest page.
    case books([ListedBook])
  }

  let content: Content
  /// A warning for the status line: at a terminal, a next page that failed, which the
  /// person can try again.
  let notice: String?
  /// What ends the listing with an error.
  let failure: (any Error)?
  /// Where the next page starts; `nil` at the end of the list.
  let next: PageCursor?
  /// How many books match, when counted.
  let total: Int?
  /// Where the page ends and the command that prints the next, when one follows.
  let footer: String?

  /// - Parameters:
  ///   - store: The list.
  ///   - wording: The words around the rows.
  ///   - retriesFailedPages: Whether a page that failed is offered again (a person at a
  ///     terminal) rather than ending the listing.
  @MainActor
  init(_ store: ReadingListStore, wording: ListWording, retriesFailedPages: Bool) {
    next = store.nextCursor
    total = store.total
    footer = store.nextCursor.map { wording.footer(next: $0, total: store.total) }
    var notice: String?
    var failure: (any Error)?
    let books: [ListedBook]?
    switch store.state {
    case .idle, .initialLoading, .retryLoading:
      // `list` awaits every load it starts, so only a cancelled one leaves these.
      books = nil
    case .loadingFailure(let error):
      books = nil
      failure = error
    case .success(let loaded), .reLoading(let loaded), .paging(let loaded):
      books = loaded
    case .pagingFailure(let loaded, let error), .reLoadingFailure(let loaded, let error):
      // The rows stay and the person can try again; elsewhere the listing fails.
      books = loaded
      if retriesFailedPages, store.nextCursor != nil {
        notice = "Could not load more: \(error.explanation)"
      } else {
        failure = error
      }
    }
    self.notice = notice
    self.failure = failure
    switch books {
    case nil: content = .nothing
    case let books? where books.isEmpty: content = .empty(wording.emptyMessage)
    case let books?: content = .books(books)
    }
  }
}
