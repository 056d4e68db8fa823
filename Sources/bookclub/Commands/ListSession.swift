import ReadingModel

/// Shows a library a page at a time: the body of `bookclub list` and `bookclub demo`.
///
/// What is printed is derived from the store's state, the way a SwiftUI `body` is: rows
/// from `success`, the error from `loadingFailure` (and from `pagingFailure`, which at a
/// terminal becomes a notice on the status line and a retry), the footer from
/// whether more pages exist.
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

  /// One page, or at a terminal a pager over the list: a page per key press forward, back
  /// to a page already read, to the first, or everything to the end.
  private func showPages() async throws {
    // A spinner needs the main thread free while the page loads; otherwise the page loads
    // on the main thread and no thread is started.
    let store = ReadingListStore(
      library: library, query: query,
      executor: spinner.isEnabled ? nil : MainThreadLoop.executor)
    try await spinner.whileRunning { await store.fetchInitial() }
    defer { if isInteractive { KeyReader.discardTypedAhead() } }
    var pager = PagerWindow(pageSize: query.limit)
    while true {
      if case .loadingFailure(let error) = store.state { throw error }
      if case .pagingFailure(_, let error) = store.state {
        // At a terminal the list stays and the person can try again; elsewhere it fails.
        guard isInteractive, store.nextCursor != nil else { throw error }
        context.notices.push("Could not load more: \(error.explanation)", level: .warning)
      }
      guard let books = store.state.value else { return }  // a cancelled load: nothing
      if books.isEmpty { return emptyState() }
      if options.json { return printJSON(books, next: store.nextCursor, total: store.total) }
      if let shown = pager.show(available: books.count) {
        printRows(books[shown.rows], withHeader: shown.withHeader)
      }
      let atEnd = pager.window.upperBound >= books.count && store.nextCursor == nil
      guard isInteractive else {
        if let next = store.nextCursor { footer(next, total: store.total) }
        return
      }
      if atEnd { return }
      let asked = pager.showsAll ? .next : await nextMove(pager, total: store.total)
      guard let move = asked else { return }
      pager.apply(move)
      if pager.needsMore(available: books.count), store.hasMore {
        try await spinner.whileRunning { await store.fetchMore() }
      }
    }
  }

  /// Every page, printed as it arrives; memory holds one page whatever the library's size.
  private func streamAll() async throws {
    var query = self.query
    var printedAny = false
    var total: Int?
    if options.json { context.output.write(BookListJSON.opening) }
    while true {
      let page = try await spinner.whileRunning { try await library.page(query) }
      total = total ?? page.total
      query.countsTotal = false  // counted once, with the first page
      if options.json {
        context.output.write(bytes: BookListJSON.books(page.books, continuing: printedAny))
      } else if !page.books.isEmpty {
        printRows(page.books[...], withHeader: !printedAny)
      }
      try context.output.throwIfFailed()  // a full disk stops the listing at once
      printedAny = printedAny || !page.books.isEmpty
      guard let next = page.next else { break }
      query = query.continuing(after: next)
    }
    if options.json {
      context.output.line(BookListJSON.closing(afterBooks: printedAny, next: nil, total: total))
    } else if !printedAny {
      emptyState()
    }
  }

  private func printRows(_ books: ArraySlice<ListedBook>, withHeader: Bool) {
    let books = Array(books)
    let idWidth = BookTable.idWidth(for: books)
    if withHeader { context.output.line(table.header(idWidth: idWidth)) }
    for row in table.rows(books, idWidth: idWidth) { context.output.line(row) }
  }

  private func printJSON(_ books: [ListedBook], next: PageCursor?, total: Int?) {
    context.output.write(BookListJSON.opening)
    context.output.write(bytes: BookListJSON.books(books, continuing: false))
    context.output.line(BookListJSON.closing(afterBooks: !books.isEmpty, next: next, total: total))
  }

  /// `Showing 31–60 of 365`, for positions `range` of the list (0-based, past the cursor).
  private func position(_ range: Range<Int>, total: Int?) -> String {
    let first = query.firstPosition
    return "Showing \(first + range.lowerBound)–\(first + range.upperBound - 1)"
      + (total.map { " of \($0)" } ?? "")
  }

  /// `Showing 31–60 of 365 · next: bookclub list --after <cursor>` on stderr.
  private func footer(_ next: PageCursor, total: Int?) {
    context.output.flush()
    let command = ([commandName, "--after", next.token] + options.continuationArguments)
      .joined(separator: " ")
    let text =
      "\(position(0..<(next.position - query.firstPosition + 1), total: total)) · next: "
      + TerminalText.safe(command)
    context.errors.line(TextStyle.dim.apply(text, enabled: context.terminal.colorsErrors))
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
      "\(position(pager.onScreen, total: total)) · space: more · b: back · G: all · q: quit",
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

  private func emptyState() {
    context.output.flush()
    if options.json { return printJSON([], next: nil, total: 0) }
    let message: String
    if options.after != nil {
      message = "No more books after that cursor."
    } else if options.hasFilters {
      message = "No books match. Try 'bookclub list' without some of its filters."
    } else {
      message = """
        Your library is empty. To get started:
          bookclub add "Middlemarch" --author "George Eliot" --pages 880
          bookclub demo        (see bookclub with a sample library)
        """
    }
    context.errors.line(message)
  }
}
