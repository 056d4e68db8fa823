import ImageDecoding
import Observation
import ReadingModel

/// The browser's state, made of components: the help overlay, the prompt, the detail pane
/// and the library pane, each with the keys of its own (``BrowserKeyMap``). Keys come in
/// through ``handle(_:)`` and go down the line of components until one takes them
/// (``dispatch(_:)``); what reaches past a component (a write, opening a book) the model does.
///
/// Everything the screen is made of is observable: the session draws ``screen`` inside
/// observation tracking, so any change to it, from a key or from work that finished later,
/// draws again, once.
@MainActor
@Observable
final class BrowserModel {
  @ObservationIgnored let library: any Library
  @ObservationIgnored let notices: NoticeQueue
  /// Where every action's change is made. Progress notices observe it; the session adds
  /// club sharing, whose "Shared with …." joins the action's notice.
  @ObservationIgnored let writer: LibraryWriter
  /// What this session changed and undid, for `u` and `U`.
  @ObservationIgnored let session: SessionChanges
  /// The writes in flight, which quitting waits for.
  @ObservationIgnored let writes = BrowserWrites()
  /// Keys typed while a submitted prompt's write is in flight (or, for `u` and `U`, while
  /// any write is), in order: they wait for it, so that a `q` after Enter quits after the
  /// write and `u` takes back the change just made. A signal or a hang-up that ends the
  /// browser meanwhile drops them (the write itself is waited for).
  @ObservationIgnored var heldKeys: [Key] = []
  /// Whether the browser is ending and waits for its writes: the status line says so.
  var isSavingBeforeEnd = false
  /// Advances the spinners.
  var tick = 0
  @ObservationIgnored let colors: Bool

  /// The help overlay, first in line while shown.
  @ObservationIgnored let help = HelpOverlay()
  /// The prompt, first in line while open.
  @ObservationIgnored let promptLine = PromptLine()
  /// The open book, before the list while open.
  @ObservationIgnored let detailPane: DetailPane
  /// The list and its query.
  @ObservationIgnored let list: LibraryPane
  /// The actions on a book, last in line.
  @ObservationIgnored let bookKeys = BookKeys()

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
    self.library = library
    self.notices = notices
    session = SessionChanges()
    writer = LibraryWriter(
      library: library, observers: [ProgressNotices(notices: notices), session])
    self.colors = colors
    detailPane = DetailPane(library: library, notices: notices)
    list = LibraryPane(
      layout: layout, notices: notices, source: source ?? { try await library.page($0) },
      counter: counter ?? { try await library.page($0).total })
  }

  /// Loads the first page, then counts.
  func start() {
    list.start()
  }

  /// The components in the order a key goes to them: an overlay or a prompt first, the
  /// open book before the list, the book actions last.
  var focusChain: [any BrowserComponent] {
    [help, promptLine] + (detailPane.open == nil ? [] : [detailPane]) + [list, bookKeys]
  }

  /// What to draw, as values.
  var screen: BrowserScreen {
    BrowserScreen(
      list: list.store.state, total: list.total, morePages: list.store.nextCursor != nil,
      isQueryPending: list.pending != nil, tab: list.tab, sort: list.sort,
      reversed: list.reversed, isSeekingEnd: list.isSeekingEnd,
      search: list.search ?? (list.isEditingSearch ? "" : nil),
      isEditingSearch: list.isEditingSearch, series: list.series, cursor: list.cursor,
      top: list.top,
      detail: detail?.lines, detailTop: detail?.top ?? 0, cover: detailPane.shownCover?.image,
      prompt: prompt, notice: notices.current, isSaving: isSavingBeforeEnd,
      showsHelp: help.isShown, helpTop: help.top, tick: tick, colors: colors)
  }

  /// Whether something on screen moves with time: a spinner or a notice.
  var needsTicks: Bool {
    list.isBusy || detail?.lines.isLoading == true || !notices.isEmpty
  }

  /// After work finished outside a key press: keeps the cursor in the list and on screen,
  /// and pages if it is near the end.
  func storeChanged() {
    list.storeChanged()
  }

  // MARK: What the actions and the session use, by name (tests reach each component)

  /// The terminal's size, which the session measures.
  var layout: BrowserLayout {
    get { list.layout }
    set { list.layout = newValue }
  }
  /// A newer query in flight.
  var pending: ReadingListStore? { list.pending }
  var search: String? { list.search }
  var isEditingSearch: Bool { list.isEditingSearch }
  /// The books shown.
  var books: [ListedBook] { list.books }
  /// The highlighted book.
  var highlighted: ListedBook? { list.highlighted }
  /// The book open in the detail pane.
  var detail: BrowserDetail? { detailPane.open }
  /// The prompt on the status line.
  var prompt: BrowserPrompt? { promptLine.prompt }
  /// Makes the loader of a book's cover, told whether it may fetch; set by the session
  /// (`nil`: no covers).
  var coverLoader: (@MainActor (Book, Bool) -> CoverImageLoader?)? {
    get { detailPane.cover.loader }
    set { detailPane.cover.loader = newValue }
  }
}
