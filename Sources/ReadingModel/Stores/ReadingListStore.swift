import Observation

/// The paged list of books: one source of truth for what a list shows and what is in flight.
///
/// Runs the load sequence in one place (seed 002): mark loading, await the page, settle.
/// One request is in flight at a time; each carries a token, and a result whose token is no
/// longer current (cancelled or superseded) is dropped. Cancelling is not failing: a
/// `CancellationError` returns the list to its last settled state and records no error.
@MainActor
@Observable
public final class ReadingListStore {
  /// Fetches one page.
  public typealias Source = @Sendable (PageQuery) async throws -> BookPage

  /// What a next page does to the list loaded before it.
  public enum Paging: Sendable {
    /// The list grows: a next page joins the books shown, as a pager or the browser shows
    /// them.
    case accumulating
    /// The list moves on: a next page replaces the one before, so memory holds one page
    /// however long the list, and the books are counted once, with the first page. For a
    /// reader that takes each page once, in order (`list --all`).
    case streaming
  }

  /// What the list shows.
  public private(set) var state: PagingDataState<[ListedBook], any Error> = .idle
  /// Where the next page starts; `nil` when the list is exhausted or nothing is loaded.
  public private(set) var nextCursor: PageCursor?
  /// How many books match in all, from the newest page that counted them.
  public private(set) var total: Int?
  /// The order, filters and page size; `query.after` is where the first page starts.
  public let query: PageQuery
  /// Whether next pages join the list or replace it.
  public let paging: Paging

  private let source: Source
  /// Where page loads run; `nil` for the shared pool.
  private let executor: (any TaskExecutor)?
  private let requests = LoadSequence<BookPage>()

  /// Creates a store over any page source (tests pass a controllable one).
  ///
  /// - Parameters:
  ///   - query: The first page's query.
  ///   - executor: Where page loads run: a command-line program that waits for its one page
  ///     passes its main thread's, and starts no threads; `nil` is the shared pool.
  ///   - paging: Whether next pages join the list (the default) or replace it.
  ///   - source: Fetches one page.
  public init(
    query: PageQuery, executor: (any TaskExecutor)? = nil, paging: Paging = .accumulating,
    source: @escaping Source
  ) {
    self.query = query
    self.executor = executor
    self.paging = paging
    self.source = source
  }

  /// Creates a store reading pages from a library.
  public convenience init(
    library: any BookReading, query: PageQuery, executor: (any TaskExecutor)? = nil,
    paging: Paging = .accumulating
  ) {
    self.init(query: query, executor: executor, paging: paging) { try await library.page($0) }
  }

  /// Whether ``fetchMore()`` would start a request: a page is known to follow, and the
  /// state allows paging (not while loading, nor after a failed refresh).
  public var hasMore: Bool { nextCursor != nil && state.canStartPaging && !requests.isInFlight }

  /// Loads the first page, unless a list is already loaded or a request is in flight.
  public func fetchInitial() async {
    switch state {
    case .idle, .loadingFailure: await load(.first)
    default: return
    }
  }

  /// Loads the first page again, replacing the list; a failure keeps the list shown.
  public func refresh() async {
    await load(.first)
  }

  /// Loads the next page and appends it, skipping books already listed (streaming: puts it
  /// in place of the page before). Ignored while any request is in flight and when the list
  /// is exhausted.
  public func fetchMore() async {
    guard hasMore else { return }
    await load(.next)
  }

  /// Cancels the request in flight; its result, should it still arrive, is ignored.
  public func cancel() {
    guard requests.cancel() else { return }
    state.cancel()
  }

  /// Puts a book changed elsewhere (progress recorded, a status set) in place of the listed
  /// one with its id, without reloading: the list shows the change at once. A book not in
  /// the list is ignored; it appears with the next refresh if it matches.
  ///
  /// - Parameter book: The book as it is now.
  public func replace(_ book: ListedBook) {
    state = state.mapValue { books in
      books.map { $0.id == book.id ? book : $0 }
    }
  }

  private enum Request { case first, next }

  private func load(_ request: Request) async {
    guard !state.isBusy, !requests.isInFlight else { return }
    let pageQuery: PageQuery
    switch request {
    case .first:
      state.startLoading()
      pageQuery = query
    case .next:
      guard let nextCursor else { return }
      state.startPaging()
      var continuing = query.continuing(after: nextCursor)
      if paging == .streaming { continuing.countsTotal = false }  // counted with the first
      pageQuery = continuing
    }
    guard state.isBusy else { return }
    let source = self.source
    switch await requests.run(on: executor, { try await source(pageQuery) }) {
    case .stale: return
    case .cancelled: state.cancel()
    case .finished(.success(let page)):
      switch paging {
      case .accumulating: state.finish(.success(page.books))
      case .streaming: state.finish(.success(page.books)) { _, next in next }
      }
      nextCursor = page.next
      total = page.total ?? total
    case .finished(.failure(let error)):
      state.finish(.failure(error))
    }
  }
}
