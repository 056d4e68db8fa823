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
  /// The settings in force: the file's, or the defaults when it cannot be read.
  let settings: Settings
  /// Why the settings file could not be used, if it could not.
  let settingsProblem: SettingsError?
  /// This terminal's selected book.
  let selection: SelectionStore
  /// The libraries opened so far.
  let libraries = OpenLibraries()

  /// Prints every notice on stderr, `note: ...` or `warning: ...`, oldest first.
  func printNotices() {
    for notice in notices.drain() {
      let label =
        notice.level == .warning
        ? TextStyle.yellow.apply("warning:", enabled: terminal.colorsErrors)
        : TextStyle.cyan.apply("note:", enabled: terminal.colorsErrors)
      let count = notice.count > 1 ? " (×\(notice.count))" : ""
      errors.line("\(label) \(TerminalText.safe(notice.message))\(count)")
    }
  }

  /// A writer of `library`: every change a command makes goes through one, and its
  /// observers (progress notices, club sharing, sending to the sync folder) are registered here, once for every
  /// command. (Not kept by the context: the club observer keeps the context, and a kept
  /// writer would keep the library open past the command, its log not written back.)
  func writer(for library: SQLiteLibrary) -> LibraryWriter {
    LibraryWriter(
      library: library,
      observers: [
        ProgressNotices(notices: notices),
        ClubShareObserver(library: library, context: self, notices: notices, announcing: true),
        SyncSendObserver(library: library, context: self, notices: notices),
      ])
  }

  /// Opens the library chosen by `--library`, else `BOOKCLUB_LIBRARY`, else the default.
  func library(flag: String?) -> SQLiteLibrary {
    libraries.library(at: LibraryLocation.resolve(flag: flag, environment: environment))
  }
}

extension CommandContext {
  /// The context of a real run: the process's streams, environment, terminal, settings and
  /// selection.
  static func live(environment: [String: String]) -> CommandContext {
    let store = SettingsStore(path: SettingsStore.defaultPath(environment: environment))
    var settings = Settings()
    var problem: SettingsError?
    do {
      settings = try store.load()
    } catch {
      problem = error
    }
    return CommandContext(
      output: TextOutput(descriptor: 1, bufferLimit: 64 * 1024),
      errors: TextOutput(descriptor: 2, bufferLimit: 0),
      environment: environment,
      terminal: .current(environment: environment, colorMode: settings.color),
      commandPath: CommandPath(commands: [Bookclub.self]),
      notices: NoticeQueue(),
      settings: settings,
      settingsProblem: problem,
      selection: SelectionStore(
        folder: SelectionStore.defaultFolder(environment: environment),
        scene: Scene.current(environment: environment)))
  }

  /// Warns, once, that the settings file could not be used and defaults apply. Settings
  /// commands do not warn (``ParsableCommand/warnsAboutSettings``): they fail, naming it.
  func warnAboutSettings() {
    let path = SettingsStore.defaultPath(environment: environment)
    if let settingsProblem {
      notices.push(
        (settingsProblem.errorDescription ?? "\(settingsProblem)") + " Using default settings.",
        level: .warning)
    }
    for key in settings.invalidKeys {
      notices.push(
        "'\(key.rawValue)' in '\(path)' is not \(key.allowed); using \(key.defaultValue).",
        level: .warning)
    }
  }
}
