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

  /// Opens the library chosen by `--library`, else `BOOKCLUB_LIBRARY`, else the default.
  func library(flag: String?) -> SQLiteLibrary {
    SQLiteLibrary(path: LibraryLocation.resolve(flag: flag, environment: environment))
  }
}
