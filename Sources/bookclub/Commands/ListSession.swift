import ReadingModel

/// Shows a library a page at a time: the body of `bookclub list` and `bookclub demo`.
///
/// What is printed is derived from the store's state, the way a SwiftUI `body` is: each turn
/// makes a ``ListFrame`` from the store (the rows, the footer, a notice or the error) and
/// prints it. `--all` reads the same store, streaming, a page at a time.
@MainActor
struct ListSession {
  let context: CommandContext
  let library: any Library
  let options: ListOptions
  /// How the footer's hint names the command: `bookclub list` or `bookclub demo`.
  let commandName: String

  /// The first page's query. Without `--limit`, a page is the `pageSize` setting; at a
  /// terminal, when that is not set, as many rows as fit under the header and the prompt.
  private var query: PageQuery {
    var pageSize = context.settings.pageSize
    if isInteractive, !context.settings.isSet(.pageSize), let rows = context.terminal.height {
      pageSize = max(5, rows - 2)
    }
    return options.query(pageSize: pageSize)
  }

  private var table: BookTable {
    BookTable(width: context.terminal.width, colors: context.terminal.colorsOutput)
  }

  private var spinner: Spinner {
    Spinner(
      output: context.errors, isEnabled: context.terminal.isErrorTerminal && !options.json,
      message: "Loading…")
  }

  /// Whether to wait for a key between pages: only when a person is at a terminal.
  private var isInteractive: Bool {
    context.terminal.isOutputTerminal && context.terminal.isInputTerminal && !options.json
  }

  func run() async throws {
    if options.all {
      try await streamAll()
    } else {
      try await showPages()
    }
  }

  /// The words around the rows.
  private var wording: ListWording {
    ListWording(query: query, options: options, commandName: commandName)
  }

  /// Where page loads run: a spinner needs the main thread free while a page loads;
  /// otherwise pages load on the main thread and no thread is started.
  private var executor: (any TaskExecutor)? {
    spinner.isEnabled ? nil : MainThreadLoop.executor
  }

  /// One page, or at a terminal a pager over the list: a page per key press forward, back
  /// to a page already read, to the first, or everything to the end. When a page fits the
  /// terminal, the pager draws each page in place on the alternate screen (``PagerScreen``)
  /// and, when it ends, prints the page it was on into the terminal as a plain `list` would.
  private func showPages() async throws {
    let store = ReadingListStore(library: library, query: query, executor: executor)
    try await spinner.whileRunning { await store.fetchInitial() }
    defer { if isInteractive { KeyReader.discardTypedAhead() } }
    var pager = PagerWindow(pageSize: query.limit)
    var screen: PagerScreen?
    defer { screen?.leave() }  // an error while paging
    while true {
      let frame = ListFrame(store, wording: wording, retriesFailedPages: isInteractive)
      if let failure = frame.failure { throw failure }
      if let notice = frame.notice { context.notices.push(notice, level: .warning) }
      let books: [ListedBook]
      switch frame.content {
      case .nothing: return
      case .empty(let message): return showEmpty(message)
      case .books(let loaded): books = loaded
      }
      if options.json { return printJSON(books, next: frame.next, total: frame.total) }
      let isLastPage = books.count <= query.limit && frame.next == nil
      if screen == nil, isInteractive, !isLastPage, !pager.showsAll, pageFitsTheTerminal {
        screen = PagerScreen(output: context.output)
        pager.redrawsInPlace = true
      }
      if let shown = pager.show(available: books.count) {
        if screen != nil { context.output.write(PagerScreen.clearSequence) }
        printRows(books[shown.rows], withHeader: shown.withHeader)
      }
      guard isInteractive else {
        if let footer = frame.footer { printFooter(footer) }
        return
      }
      let ended = pager.window.upperBound >= books.count && frame.next == nil
      let asked = ended ? nil : pager.showsAll ? .next : await nextMove(pager, total: frame.total)
      if screen != nil, asked == nil || asked == .last {
        // What the pager was on stays in the terminal, as a plain page; everything to the
        // end goes into the scrollback from it.
        screen?.leave()
        screen = nil
        pager.redrawsInPlace = false
        pager.reprint()
        if asked == nil, let shown = pager.show(available: books.count) {
          printRows(books[shown.rows], withHeader: shown.withHeader)
        }
      }
      guard let move = asked else { return }
      pager.apply(move)
      if pager.needsMore(available: books.count), store.hasMore {
        try await spinner.whileRunning { await store.fetchMore() }
      }
    }
  }

  /// Whether a page, its header and the prompt fit the terminal, to be drawn in place.
  private var pageFitsTheTerminal: Bool {
    PagerScreen.fits(
      rows: query.limit, height: context.terminal.height, environment: context.environment)
  }

  /// Every page, printed as it arrives: the store streams, so memory holds one page
  /// whatever the library's size.
  private func streamAll() async throws {
    let store = ReadingListStore(
      library: library, query: query, executor: executor, paging: .streaming)
    var json = ListJSONEnvelope()
    if options.json { context.output.write(ListJSONEnvelope.opening) }
    var printedAny = false
    try await spinner.whileRunning { await store.fetchInitial() }
    while true {
      let frame = ListFrame(store, wording: wording, retriesFailedPages: false)
      if let failure = frame.failure { throw failure }
      switch frame.content {
      case .nothing: return
      case .empty: break
      case .books(let page):
        if options.json {
          context.output.write(bytes: json.books(page))
        } else {
          printRows(page[...], withHeader: !printedAny)
        }
        printedAny = true
      }
      try context.output.throwIfFailed()  // a full disk stops the listing at once
      guard store.hasMore else { break }
      try await spinner.whileRunning { await store.fetchMore() }
    }
    if options.json {
      context.output.line(json.closing(next: nil, total: store.total))
    } else if !printedAny {
      showEmpty(wording.emptyMessage)
    }
  }

  private func printRows(_ books: ArraySlice<ListedBook>, withHeader: Bool) {
    let books = Array(books)
    let idWidth = BookTable.idWidth(for: books)
    if withHeader { context.output.line(table.header(idWidth: idWidth)) }
    for row in table.rows(books, idWidth: idWidth) { context.output.line(row) }
  }

  /// One page's envelope, whole.
  private func printJSON(_ books: [ListedBook], next: PageCursor?, total: Int?) {
    var json = ListJSONEnvelope()
    context.output.write(ListJSONEnvelope.opening)
    context.output.write(bytes: json.books(books))
    context.output.line(json.closing(next: next, total: total))
  }

  /// The footer line on stderr, after the rows.
  private func printFooter(_ footer: String) {
    context.output.flush()
    context.errors.line(TextStyle.dim.apply(footer, enabled: context.terminal.colorsErrors))
  }

  /// Prompts on stderr and waits for a key that moves the pager. The status line shows the
  /// current notice, if any (seed 001's toast), else where the list stands.
  ///
  /// - Returns: The move; `nil` to quit.
  private func nextMove(_ pager: PagerWindow, total: Int?) async -> PagerWindow.Move? {
    context.output.flush()
    context.notices.update()
    let status =
      context.notices.current.map { notice in
        let style: TextStyle = notice.level == .warning ? .yellow : .cyan
        return style.apply(
          TerminalText.safe(notice.message), enabled: context.terminal.colorsErrors) + " · "
      } ?? ""
    let prompt = TextStyle.dim.apply(
      "\(wording.position(pager.onScreen, total: total)) · space: more · b: back · G: all · q: quit",
      enabled: context.terminal.colorsErrors)
    context.errors.write(status + prompt)
    defer {
      context.notices.skipCurrent()  // seen: it is not printed again at the end
      context.errors.write("\r\u{1B}[2K")
    }
    while let key = KeyReader.nextKey() {
      if let move = PagerWindow.Move(key) { return move }
      if PagerWindow.Move.quits(key) { return nil }
    }
    return nil  // end of input
  }

  /// The empty list: its message on stderr, or with `--json` an envelope without books.
  private func showEmpty(_ message: String) {
    context.output.flush()
    if options.json { return printJSON([], next: nil, total: 0) }
    context.errors.line(message)
  }
}
