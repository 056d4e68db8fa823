/// Options many commands declare, each with its own help: read back through these specs.
enum CommonOptions {
  /// `--json`, with what the command prints.
  static func json(_ help: String) -> OptionSpec { .flag("json", help: help) }

  /// `--force`/`-f`, with what it skips.
  static func force(_ help: String) -> OptionSpec { .flag("force", short: "f", help: help) }

  /// Reads `--json` whatever its help says.
  static let anyJSON = json("")

  /// Reads `--force` whatever its help says.
  static let anyForce = force("")
}

/// `--json` and `--library`, read together by the commands that only report on a library.
struct ReportOptions {
  let json: Bool
  let libraryPath: String?

  init(_ values: ParsedValues) {
    json = values.flag(CommonOptions.anyJSON)
    libraryPath = LibraryOption.value(in: values)
  }
}
