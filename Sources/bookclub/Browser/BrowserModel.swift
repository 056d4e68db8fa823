import ImageDecoding
import ReadingModel

/// The browser's state: the stores it shows, the person's place in them, and what they are
/// typing. Keys come in through ``handle(_:)``; work that finishes later calls
/// ``onChange`` so the event loop draws again.
///
/// The list is the same ``ReadingListStore`` `bookclub list` uses. A new query (a search
/// keystroke, a tab, a sort) gets a store of its own, `pending`, while the last settled
/// store stays on screen; a newer query cancels it, Esc cancels it, and only a store that
/// is still pending when it settles is shown. So a stale result is never drawn.
@MainActor
final class BrowserModel {
  let library: any Library
  let notices: NoticeQueue
  /// Where every action's change is made. Progress notices observe it; the session adds
  /// club sharing, whose "Shared with …." joins the action's notice.
  let writer: LibraryWriter
  /// Makes the loader of a book's cover, told whether it may fetch; set by the session
  /// (`nil`: no covers).
  var coverLoader: (@MainActor (Book, Bool) -> CoverImageLoader?)?
  /// Why fetching a cover failed, once it has: said once, and from then on covers come
  /// from the cache alone (offline, each book opened would only fail again).
  var coverProblem: String?
  /// The open book's cover loader, and the cover once loaded.
  var loadingCover: CoverImageLoader?
  var cover: (book: Book.ID, image: RGBImage)?
  /// Called when work finishes outside a key press: a page, a detail, a write.
  var onChange: @MainActor () -> Void = {}
  /// The writes in flight, which quitting waits for.
  let writes = BrowserWrites()
  /// Keys typed while a submitted prompt's write is in flight, in order: they wait for it,
  /// so that a `q` after Enter quits after the write. A signal or a hang-up that ends the
  /// browser meanwhile drops them (the write itself is waited for).
  var heldKeys: [Key] = []
  /// Whether the browser is ending and waits for its writes: the status line says so.
  var isSavingBeforeEnd = false

  /// The list on screen.
  private(set) var store: ReadingListStore {
    didSet { total = nil }
  }
  /// How many books match the list's query, counted after its first page is shown: on a
  /// common word at a million books the count takes longer than the page, and a search
  /// keystroke must not wait for it.
  private(set) var total: Int?
  private let counts = LoadSequence<Int?>()
  private let counter: @Sendable (PageQuery) async throws -> Int?
  /// A newer query, in flight, that replaces ``store`` once it settles.
  private(set) var pending: ReadingListStore?
  private(set) var tab: BrowserTab = .all
  private(set) var sort: BookSort = .id
  /// The search of the newest query (pending or shown).
  private(set) var search: String?
  private(set) var isEditingSearch = false
  private(set) var cursor = 0
  private(set) var top = 0
  var layout: BrowserLayout {
    didSet { keepCursorVisible() }
  }
  var detail: BrowserDetail?
  var prompt: BrowserPrompt?
  var showsHelp = false
  var tick = 0
  let colors: Bool
  /// Books per page: three screens, so scrolling rarely waits, and a search that few books
  /// match finds a first page after reading as few books as it can.
  var pageSize: Int { max(50, 3 * layout.listRows(withBanner: false)) }

  /// Reads pages; the library's, unless a test passes its own.
  private let source: ReadingListStore.Source

  /// - Parameters:
  ///   - library: Where books are read and written.
  ///   - layout: The terminal's size.
  ///   - colors: Whether the screen may use colour.
  ///   - source: Reads a page; `nil` reads the library's.
  ///   - counter: Counts the books a query matches; `nil` asks the library.
  init(
    library: any Library, notices: NoticeQueue, layout: BrowserLayout, colors: Bool,
    source: ReadingListStore.Source? = nil,
    counter: (@Sendable (PageQuery) async throws -> Int?)? = nil
  ) {
    self.counter = counter ?? { try await library.page($0).total }
    self.library = library
    self.notices = notices
    writer = LibraryWriter(library: library, observers: [ProgressNotices(notices: notices)])
    self.layout = layout
    self.colors = colors
    let source = source ?? { try await library.page($0) }
    self.source = source
    store = ReadingListStore(
      query: PageQuery(limit: max(50, 3 * layout.listRows(withBanner: false))), source: source)
  }

  /// Loads the first page, then counts.
  func start() {
    let store = self.store
    run {
      await store.fetchInitial()
      self.count(store)
    }
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
      self.onChange()
    }
  }

  /// What to draw, as values.
  var screen: BrowserScreen {
    BrowserScreen(
      list: store.state, total: total, morePages: store.nextCursor != nil,
      isQueryPending: pending != nil, tab: tab,
      sort: sort, search: search ?? (isEditingSearch ? "" : nil),
      isEditingSearch: isEditingSearch, cursor: cursor, top: top, detail: detail?.lines,
      detailTop: detail?.top ?? 0,
      cover: cover.flatMap { $0.book == detail?.reading.book.id ? $0.image : nil },
      prompt: prompt, notice: notices.current, isSaving: isSavingBeforeEnd,
      showsHelp: showsHelp, tick: tick, colors: colors)
  }

  /// Whether something on screen moves with time: a spinner or a notice.
  var needsTicks: Bool {
    store.state.isBusy || pending != nil || detail?.lines.isLoading == true || !notices.isEmpty
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

  // MARK: Moving

  /// Moves the highlight by `offset` rows, and loads the next page when it comes within a
  /// screen of the end.
  func move(by offset: Int) {
    guard !books.isEmpty else { return }
    cursor = min(max(0, cursor + offset), books.count - 1)
    keepCursorVisible()
    pageIfNeeded()
  }

  func moveToStart() { move(by: -cursor) }

  func moveToEnd() { move(by: books.count) }

  /// Fetches the next page when the highlight is within a screen of the last book loaded.
  func pageIfNeeded() {
    guard store.hasMore, cursor >= books.count - listRows - 1 else { return }
    let store = self.store
    run { await store.fetchMore() }
  }

  /// After a store changed outside a key press: keeps the cursor in the list and on
  /// screen, and pages if it is near the end.
  func storeChanged() {
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
    default: trailing = false
    }
    if cursor < top { top = cursor }
    if cursor >= top + rows { top = cursor - rows + 1 }
    if trailing, cursor == books.count - 1 { top = cursor - rows + 2 }
    top = max(0, min(top, max(0, books.count - rows + (trailing ? 1 : 0))))
  }

  // MARK: Queries

  /// Shows books of another status.
  func select(_ tab: BrowserTab) {
    guard tab != self.tab else { return }
    self.tab = tab
    requery()
  }

  /// The next sort order.
  func cycleSort() {
    let all = BookSort.allCases
    sort = all[((all.firstIndex(of: sort) ?? 0) + 1) % all.count]
    requery()
  }

  /// Starts typing a search.
  func beginSearch() {
    isEditingSearch = true
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

  /// Enter in the search: keys go back to the list.
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

  /// Runs store work in a task, drawing when it has started (the store is then in its
  /// loading state: the spinner, the "Loading more…" row) and again when it ends.
  func run(_ work: @escaping @MainActor () async -> Void) {
    Task {
      // Queued now, drawn once this task first waits: after the store marked its request.
      self.onChange()
      await work()
      self.onChange()
    }
  }

  /// Cancels what is in flight: a new query (back to the list settled on screen, with its
  /// search and tab), else the list's own request.
  ///
  /// - Returns: Whether anything was in flight.
  func cancelInFlight() -> Bool {
    if let pending {
      pending.cancel()
      self.pending = nil
      let query = store.query
      (tab, sort, search) = (Self.tab(of: query), query.sort, query.search)
      isEditingSearch = false
      return true
    }
    guard store.state.isBusy else { return false }
    store.cancel()
    return true
  }

  private var query: PageQuery {
    PageQuery(limit: pageSize, status: tab.status, search: search, sort: sort)
  }

  private static func tab(of query: PageQuery) -> BrowserTab {
    BrowserTab.allCases.first { $0.status == query.status } ?? .all
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
    defer { onChange() }
    guard candidate === pending else { return }  // superseded or cancelled: never shown
    switch candidate.state {
    case .success, .loadingFailure:
      store = candidate
      pending = nil
      cursor = 0
      top = 0
      count(candidate)
    default:
      pending = nil
    }
  }
}
