import Observation
import ReadingModel

/// The library pane: the list on screen, the highlight, and the query (tab, sort, search)
/// that made it. It takes the keys of the list, and while the search is being typed, every
/// key.
///
/// The list is the same ``ReadingListStore`` `bookclub list` uses. A new query (a search
/// keystroke, a tab, a sort) gets a store of its own, `pending`, while the last settled
/// store stays on screen; a newer query cancels it, Esc cancels it, and only a store that
/// is still pending when it settles is shown. So a stale result is never drawn.
@MainActor
@Observable
final class LibraryPane: BrowserComponent {
  /// The list on screen.
  private(set) var store: ReadingListStore {
    didSet {
      total = nil
      isSeekingEnd = false
    }
  }
  /// How many books match the list's query, counted after its first page is shown: on a
  /// common word at a million books the count takes longer than the page, and a search
  /// keystroke must not wait for it.
  private(set) var total: Int?
  /// A newer query, in flight, that replaces ``store`` once it settles.
  private(set) var pending: ReadingListStore?
  private(set) var tab: BrowserTab = .all
  private(set) var sort: BookSort = .id
  /// The sort's order the other way round.
  private(set) var reversed = false
  /// The search of the newest query (pending or shown).
  private(set) var search: String?
  /// The series the list is narrowed to, in its order unless sorted otherwise.
  private(set) var series: String?
  /// Whether keys go to the search field.
  private(set) var isEditingSearch = false
  /// The highlighted row, an index into ``books``.
  private(set) var cursor = 0
  /// The first row shown.
  private(set) var top = 0
  /// Whether `G` is loading page after page to reach the last book; the highlight follows
  /// the pages as they come, and Esc or any move stops it.
  private(set) var isSeekingEnd = false
  /// The terminal's size.
  var layout: BrowserLayout {
    didSet { keepCursorVisible() }
  }

  /// The notices Esc dismisses.
  @ObservationIgnored let notices: NoticeQueue
  @ObservationIgnored private let counts = LoadSequence<Int?>()
  @ObservationIgnored private let counter: @Sendable (PageQuery) async throws -> Int?
  /// Reads pages.
  @ObservationIgnored private let source: ReadingListStore.Source

  /// - Parameters:
  ///   - layout: The terminal's size.
  ///   - notices: The notices Esc dismisses.
  ///   - source: Reads a page.
  ///   - counter: Counts the books a query matches.
  init(
    layout: BrowserLayout, notices: NoticeQueue, source: @escaping ReadingListStore.Source,
    counter: @escaping @Sendable (PageQuery) async throws -> Int?
  ) {
    self.layout = layout
    self.notices = notices
    self.source = source
    self.counter = counter
    store = ReadingListStore(query: PageQuery(limit: Self.pageSize(layout)), source: source)
  }

  /// Books per page: three screens, so scrolling rarely waits, and a search that few books
  /// match finds a first page after reading as few books as it can.
  private static func pageSize(_ layout: BrowserLayout) -> Int {
    max(50, 3 * layout.listRows(withBanner: false))
  }

  /// The books shown.
  var books: [ListedBook] { store.state.value ?? [] }

  /// The highlighted book.
  var highlighted: ListedBook? {
    books.indices.contains(cursor) ? books[cursor] : nil
  }

  /// How many book rows fit.
  var listRows: Int {
    if case .reLoadingFailure = store.state { return layout.listRows(withBanner: true) }
    return layout.listRows(withBanner: false)
  }

  /// Whether something in the pane moves with time: a spinner.
  var isBusy: Bool { store.state.isBusy || pending != nil }

  /// Loads the first page, then counts.
  func start() {
    let store = self.store
    run {
      await store.fetchInitial()
      self.count(store)
    }
  }

  /// Shows a book changed elsewhere in its row, without reloading.
  func replace(_ listed: ListedBook) {
    store.replace(listed)
  }

  // MARK: Moving

  /// Moves the highlight by `offset` rows, and loads the next page when it comes within a
  /// screen of the end.
  func move(by offset: Int) {
    isSeekingEnd = false
    guard !books.isEmpty else { return }
    cursor = min(max(0, cursor + offset), books.count - 1)
    keepCursorVisible()
    pageIfNeeded()
  }

  /// Moves the highlight to the last book of the list, not only of the pages loaded: loads
  /// the pages that follow, one after another (``storeChanged()`` goes on as each comes).
  func moveToLast() {
    move(by: books.count)
    isSeekingEnd = true
    seekEnd()
  }

  /// The next step to the last book: the highlight on the last one loaded, and the next
  /// page asked for, until no page follows or one fails (its retry row shows).
  private func seekEnd() {
    guard isSeekingEnd else { return }
    cursor = max(0, books.count - 1)
    keepCursorVisible()
    switch store.state {
    case .success where store.nextCursor != nil:
      let store = self.store
      run { await store.fetchMore() }
    case .paging, .initialLoading, .reLoading, .retryLoading: return  // a page is coming
    case .idle, .success, .loadingFailure, .pagingFailure, .reLoadingFailure:
      isSeekingEnd = false
    }
  }

  /// Fetches the next page when the highlight is within a screen of the last book loaded.
  private func pageIfNeeded() {
    guard store.hasMore, cursor >= books.count - listRows - 1 else { return }
    let store = self.store
    run { await store.fetchMore() }
  }

  /// After a store changed outside a key press: keeps the cursor in the list and on
  /// screen, and pages if it is near the end.
  func storeChanged() {
    if isSeekingEnd { return seekEnd() }
    keepCursorVisible()
    pageIfNeeded()
  }

  private func keepCursorVisible() {
    let rows = listRows
    cursor = min(cursor, max(0, books.count - 1))
    // The "Loading more…" and retry rows sit under the last book: at the end, they show.
    let trailing: Bool
    switch store.state {
    case .paging, .pagingFailure: trailing = true
    case .idle, .initialLoading, .reLoading, .retryLoading, .success, .loadingFailure,
      .reLoadingFailure:
      trailing = false
    }
    var top = self.top
    if cursor < top { top = cursor }
    if cursor >= top + rows { top = cursor - rows + 1 }
    if trailing, cursor == books.count - 1 { top = cursor - rows + 2 }
    top = max(0, min(top, max(0, books.count - rows + (trailing ? 1 : 0))))
    if top != self.top { self.top = top }
  }

  // MARK: Queries

  /// Shows books of another status, or the Up Next queue (in its own order).
  func select(_ tab: BrowserTab) {
    guard tab != self.tab else { return }
    self.tab = tab
    if tab.isQueue {
      (sort, reversed) = (.upNext, false)
    } else if sort.needsQueue {
      sort = .id
    }
    requery()
  }

  /// The next sort order; the queue's or the series' own first, in the Up Next tab or a
  /// series.
  func cycleSort() {
    let all =
      (tab.isQueue ? [.upNext] : []) + (series != nil ? [.series] : [])
      + BookSort.libraryOrders
    sort = all[((all.firstIndex(of: sort) ?? 0) + 1) % all.count]
    requery()
  }

  /// Narrows the list to a series, in its order; `nil` shows every book again.
  func show(series name: String?) {
    guard name != series else { return }
    series = name
    if name != nil {
      (sort, reversed) = (.series, false)
    } else if sort.needsSeries {
      sort = tab.isQueue ? .upNext : .id
    }
    requery()
  }

  /// Whether the list shows the queue in its own order, top first: where a book can be
  /// moved up or down it.
  var showsQueueOrder: Bool { tab.isQueue && sort == .upNext && !reversed && search == nil }

  /// Loads the list again after a book moved in the queue or left it, the highlight on row
  /// `row` (where the moved book is now), the rows on screen while it loads.
  func reload(highlighting row: Int) {
    cursor = max(0, row)
    keepCursorVisible()
    refresh()
  }

  /// The same sort, the other way round.
  func reverseSort() {
    reversed.toggle()
    requery()
  }

  /// A key typed into the search: each change starts a query and cancels the one before.
  func editSearch(_ key: Key) {
    var field = TextField(text: search ?? "")
    guard field.edit(key) else { return }
    let text = String(field.text.prefix(ListOptions.searchLimit))
    let next = text.trimmingWhitespace().isEmpty ? nil : text
    guard next != search else {
      search = next
      return
    }
    search = next
    requery()
  }

  /// Starts typing a search: keys go to the search field.
  func beginSearch() {
    isEditingSearch = true
  }

  /// Keys go back to the list; the search stays.
  func endSearch() {
    isEditingSearch = false
  }

  /// Clears the search.
  func clearSearch() {
    isEditingSearch = false
    guard search != nil else { return }
    search = nil
    requery()
  }

  /// Loads the list again; the rows stay on screen while it loads, and a failure keeps
  /// them under a banner. On a page that failed, tries the page again.
  func refresh() {
    let store = self.store
    if case .pagingFailure = store.state {
      run { await store.fetchMore() }
    } else {
      run {
        await store.refresh()
        self.count(store)
      }
    }
  }

  /// Runs store work in a task; the screen follows the store's state as it changes.
  func run(_ work: @escaping @MainActor () async -> Void) {
    Task { await work() }
  }

  /// Cancels what is in flight: a new query (back to the list settled on screen, with its
  /// search and tab), else the list's own request.
  ///
  /// - Returns: Whether anything was in flight.
  func cancelInFlight() -> Bool {
    if isSeekingEnd {
      isSeekingEnd = false
      store.cancel()
      return true
    }
    if let pending {
      pending.cancel()
      self.pending = nil
      let query = store.query
      (tab, sort, reversed, search, series) = (
        Self.tab(of: query), query.sort, query.reversed, query.search, query.series
      )
      isEditingSearch = false
      return true
    }
    guard store.state.isBusy else { return false }
    store.cancel()
    return true
  }

  /// Counts the books `counted`'s query matches, unless a newer list replaced it; a new
  /// query cancels the count in flight (SQLite stops mid-statement).
  func count(_ counted: ReadingListStore) {
    guard counted === store, counted.state.value != nil else { return }
    var counting = counted.query
    counting.limit = 1
    counting.countsTotal = true
    let (counter, query) = (self.counter, counting)
    Task {
      let outcome = await counts.run(on: nil) { try await counter(query) }
      guard case .finished(.success(let total)) = outcome, counted === self.store else { return }
      self.total = total
    }
  }

  private var query: PageQuery {
    PageQuery(
      limit: Self.pageSize(layout), status: tab.status, search: search, series: series,
      queued: tab.isQueue, sort: sort, reversed: reversed)
  }

  private static func tab(of query: PageQuery) -> BrowserTab {
    BrowserTab.allCases.first { $0.status == query.status && $0.isQueue == query.queued }
      ?? .all
  }

  /// Starts the newest query in a store of its own, superseding any still in flight.
  private func requery() {
    pending?.cancel()
    counts.cancel()
    let next = ReadingListStore(query: query, source: source)
    pending = next
    Task {
      await next.fetchInitial()
      self.settle(next)
    }
  }

  /// Shows `candidate` if it is still the newest query and has settled.
  private func settle(_ candidate: ReadingListStore) {
    guard candidate === pending else { return }  // superseded or cancelled: never shown
    switch candidate.state {
    case .success, .loadingFailure:
      store = candidate
      pending = nil
      cursor = 0
      top = 0
      count(candidate)
    case .idle, .initialLoading, .reLoading, .retryLoading, .paging, .pagingFailure,
      .reLoadingFailure:
      pending = nil
    }
  }
}
