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

  /// The first page's query, with the `pageSize` setting as the default page size.
  private var query: PageQuery { options.query(pageSize: context.settings.pageSize) }

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

  /// One page, or in a terminal one page per key press through the store's `fetchMore`.
  private func showPages() async throws {
    // A spinner needs the main thread free while the page loads; otherwise the page loads
    // on the main thread and no thread is started.
    let store = ReadingListStore(
      library: library, query: query,
      executor: spinner.isEnabled ? nil : MainThreadLoop.executor)
    try await spinner.whileRunning { await store.fetchInitial() }
    var shown = 0
    while true {
      switch store.state {
      case .loadingFailure(let error):
        throw error
      case .pagingFailure(_, let error):
        // At a terminal the list stays and the person can try again; elsewhere it fails.
        guard isInteractive, let next = store.nextCursor else { throw error }
        context.notices.push("Could not load more: \(error.explanation)", level: .warning)
        guard await askForMore(through: next, total: store.total) else { return }
        try await spinner.whileRunning { await store.fetchMore() }
      case .success(let books):
        if shown == 0 && books.isEmpty { return emptyState() }
        if options.json { return printJSON(books, next: store.nextCursor, total: store.total) }
        printRows(books[shown...], withHeader: shown == 0)
        shown = books.count
        guard let next = store.nextCursor else { return }
        guard isInteractive else { return footer(next, total: store.total) }
        guard await askForMore(through: next, total: store.total) else { return }
        try await spinner.whileRunning { await store.fetchMore() }
      case .idle, .initialLoading, .reLoading, .retryLoading, .paging, .reLoadingFailure:
        return  // Settled states only reach here; a cancelled load has nothing to show.
      }
    }
  }

  /// Every page, printed as it arrives; memory holds one page whatever the library's size.
  private func streamAll() async throws {
    var query = self.query
    var printedAny = false
    var total: Int?
    if options.json { context.output.write("{\"books\":[") }
    while true {
      let page = try await spinner.whileRunning { try await library.page(query) }
      total = total ?? page.total
      query.countsTotal = false  // counted once, with the first page
      if options.json {
        var json = JSONWriter()
        for (index, book) in page.books.enumerated() {
          json.raw(printedAny || index > 0 ? ",\n" : "\n")
          BookJSON.write(book, to: &json)
        }
        context.output.write(bytes: json.bytes)
      } else if !page.books.isEmpty {
        printRows(page.books[...], withHeader: !printedAny)
      }
      try context.output.throwIfFailed()  // a full disk stops the listing at once
      printedAny = printedAny || !page.books.isEmpty
      guard let next = page.next else { break }
      query = query.continuing(after: next)
    }
    if options.json {
      context.output.line(
        (printedAny ? "\n" : "") + "],\"next\":null,\"total\":\(total.map(String.init) ?? "null")}")
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
    let objects = books.map(BookJSON.object).joined(separator: ",\n")
    let nextJSON = next.map { BookJSON.string($0.token) } ?? "null"
    context.output.line(
      "{\"books\":[" + (objects.isEmpty ? "" : "\n" + objects + "\n") + "],\"next\":\(nextJSON),"
        + "\"total\":\(total.map(String.init) ?? "null")}")
  }

  /// `Showing 31–60 of 365`.
  private func position(_ next: PageCursor, total: Int?) -> String {
    "Showing \(query.firstPosition)–\(next.position)" + (total.map { " of \($0)" } ?? "")
  }

  /// `Showing 31–60 of 365 · next: bookclub list --after <cursor>` on stderr.
  private func footer(_ next: PageCursor, total: Int?) {
    context.output.flush()
    let command = ([commandName, "--after", next.token] + options.continuationArguments)
      .joined(separator: " ")
    let text = "\(position(next, total: total)) · next: \(TerminalText.safe(command))"
    context.errors.line(TextStyle.dim.apply(text, enabled: context.terminal.colorsErrors))
  }

  /// Prompts on stderr and waits for a key. The status line shows the current notice, if
  /// any (seed 001's toast), else where the list stands.
  ///
  /// - Returns: Whether the person asked for the next page.
  private func askForMore(through next: PageCursor, total: Int?) async -> Bool {
    context.output.flush()
    context.notices.update()
    let status =
      context.notices.current.map { notice in
        let style: TextStyle = notice.level == .warning ? .yellow : .cyan
        return style.apply(
          TerminalText.safe(notice.message), enabled: context.terminal.colorsErrors) + " · "
      } ?? ""
    let prompt = TextStyle.dim.apply(
      "\(position(next, total: total)) · space: more · q: quit",
      enabled: context.terminal.colorsErrors)
    context.errors.write(status + prompt)
    let key = KeyReader.waitForKey()
    context.notices.skipCurrent()  // seen: it is not printed again at the end
    context.errors.write("\r\u{1B}[2K")
    return key == .next
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
