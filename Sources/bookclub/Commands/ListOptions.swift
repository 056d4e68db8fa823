import ReadingModel

/// The options of `bookclub list`, shared with `bookclub demo`.
struct ListOptions: Sendable {
  /// The page size `--all` reads with when `--limit` is not given.
  static let streamingPageSize = 500

  static let specs: [OptionSpec] = [
    .value(
      "limit", short: "n", valueName: "limit",
      help: "Books per page, from 1 to 1000. Default: the pageSize setting (30)."),
    .value(
      "after", valueName: "cursor",
      help: "Continue after the page that printed this cursor."),
    .flag("all", help: "List every book, page after page, without stopping."),
    .value(
      "status", valueName: "status", help: "Only books with this status.",
      allowedValues: ReadingStatus.allCases.map(\.rawValue)),
    .value(
      "search", valueName: "text",
      help: "Only books whose title or author contains these words (case and accents ignored)."),
    .value(
      "sort", valueName: "sort",
      help: "The order: id (as added), title, author, or updated (newest first).",
      allowedValues: BookSort.allCases.map(\.rawValue)),
    .flag("json", help: "Print JSON: {\"books\": [...], \"next\": cursor or null}."),
  ]

  var limit: Int?
  var after: PageCursor?
  var all: Bool
  var status: ReadingStatus?
  var search: String?
  /// Longer searches are no title or author anyone types.
  static let searchLimit = 500
  var sort: BookSort
  var json: Bool

  /// - Throws: ``UsageError`` for a limit out of range, a cursor bookclub did not make, or a
  ///   cursor from another sort order.
  init(_ values: ParsedValues) throws(UsageError) {
    limit = try values.integer("limit", in: PageQuery.limits)
    all = values.flag("all")
    status = values.choice("status", as: ReadingStatus.self)
    search = values.string("search").flatMap { $0.isEmpty ? nil : $0 }
    if let search, search.count > Self.searchLimit {
      throw .invalidValue(
        String(search.prefix(40)) + "…", for: values.display("search"),
        allowed: "Search for at most \(Self.searchLimit) characters: words of a title or author.")
    }
    json = values.flag("json")
    let explicitSort = values.choice("sort", as: BookSort.self)
    if let token = values.string("after") {
      guard let cursor = PageCursor(token: token) else {
        throw .invalidValue(
          token, for: values.display("after"),
          allowed: "Use a cursor printed by an earlier list.")
      }
      if let explicitSort, explicitSort != cursor.sort {
        throw .invalidValue(
          token, for: values.display("after"),
          allowed: "That cursor continues a list sorted by \(cursor.sort.rawValue); "
            + "drop --sort or pass --sort \(cursor.sort.rawValue).")
      }
      after = cursor
    }
    // A cursor knows its order, so `--after` alone continues the same list.
    sort = explicitSort ?? after?.sort ?? .id
  }

  /// The first page's query.
  ///
  /// - Parameter pageSize: The `pageSize` setting, used when `--limit` is not given.
  func query(pageSize: Int) -> PageQuery {
    let pageSize = limit ?? (all ? Self.streamingPageSize : pageSize)
    return PageQuery(after: after, limit: pageSize, status: status, search: search, sort: sort)
  }

  var hasFilters: Bool { status != nil || search != nil }

  /// The options to repeat in a "next page" hint: the filters and page size, which the
  /// cursor does not carry.
  var continuationArguments: [String] {
    var arguments: [String] = []
    if let limit { arguments += ["--limit", String(limit)] }
    if let status { arguments += ["--status", status.rawValue] }
    if let search { arguments += ["--search", ShellQuoting.quote(search)] }
    return arguments
  }
}
