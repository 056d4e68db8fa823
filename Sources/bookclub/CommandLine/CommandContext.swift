import ReadingModel

/// What a running command can reach: its streams, the environment and the terminal.
@MainActor
struct CommandContext {
  /// Results: rows, ids, JSON.
  let output: TextOutput
  /// Everything else: errors, notices, hints, spinners, footers.
  let errors: TextOutput
  let environment: [String: String]
  let terminal: TerminalInfo
  /// The command being run, for help and hints that name it.
  var commandPath: CommandPath
  /// Events to tell the reader about after the result (seed 001's toasts).
  let notices: NoticeQueue

  /// Prints every notice on stderr, `note: ...` or `warning: ...`, oldest first.
  func printNotices() {
    for notice in notices.drain() {
      let label =
        notice.level == .warning
        ? TextStyle.yellow.apply("warning:", enabled: terminal.colorsErrors)
        : TextStyle.cyan.apply("note:", enabled: terminal.colorsErrors)
      let count = notice.count > 1 ? " (×\(notice.count))" : ""
      errors.line("\(label) \(notice.message)\(count)")
    }
  }

  /// Opens the library chosen by `--library`, else `BOOKCLUB_LIBRARY`, else the default.
  func library(flag: String?) -> SQLiteLibrary {
    SQLiteLibrary(path: LibraryLocation.resolve(flag: flag, environment: environment))
  }
}
