import ReadingModel

/// The words `list` prints around its rows: where the list stands, the next page's command,
/// what an empty list means.
struct ListWording {
  /// The first page's query: where the list starts.
  let query: PageQuery
  let options: ListOptions
  /// How the footer's hint names the command: `bookclub list` or `bookclub demo`.
  let commandName: String

  /// `Showing 31–60 of 365`, for positions `range` of the list (0-based, past the cursor).
  ///
  /// - Parameters:
  ///   - range: The rows, counted from the first page's first book.
  ///   - total: How many books match, when counted.
  /// - Returns: The text, without style.
  func position(_ range: Range<Int>, total: Int?) -> String {
    let first = query.firstPosition
    return "Showing \(first + range.lowerBound)–\(first + range.upperBound - 1)"
      + (total.map { " of \($0)" } ?? "")
  }

  /// `Showing 31–60 of 365 · next: bookclub list --after <cursor>`: where one page ends and
  /// the command that prints the next.
  ///
  /// - Parameters:
  ///   - next: Where the next page starts.
  ///   - total: How many books match, when counted.
  /// - Returns: The text, made safe for a terminal, without style.
  func footer(next: PageCursor, total: Int?) -> String {
    // Joined by hand: the generic `joined(separator:)` made its metadata on first use, a
    // third of the footer's cost in a command that builds one footer.
    var command = commandName + " --after " + next.token
    for argument in options.continuationArguments { command += " " + argument }
    return "\(position(0..<(next.position - query.firstPosition + 1), total: total)) · next: "
      + TerminalText.safe(command)
  }

  /// What to do when no book is listed: past the cursor, filtered out, or none at all.
  var emptyMessage: String {
    if options.after != nil { return "No more books after that cursor." }
    if options.hasFilters {
      return "No books match. Try 'bookclub list' without some of its filters."
    }
    return EmptyLibraryHint.lines.joined(separator: "\n")
  }
}
