import ReadingModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the three standard streams are connected to, and how wide and colourful output
/// may be.
struct TerminalInfo: Sendable {
  var isOutputTerminal: Bool
  var isInputTerminal: Bool
  var isErrorTerminal: Bool
  /// Columns to lay text out in: the terminal's width, else `COLUMNS`, else 80.
  var width: Int
  /// The terminal's rows, when stdout or stderr is one that says.
  var height: Int? = nil
  /// Whether stdout may use colour: a terminal, `NO_COLOR` unset, `TERM` not `dumb`.
  var colorsOutput: Bool
  /// Whether stderr may use colour, by the same rules.
  var colorsErrors: Bool

  /// Looks at the real streams and environment.
  ///
  /// - Parameter colorMode: The `color` setting: `auto` colours terminals unless
  ///   `TERM=dumb`, `always` colours pipes too, `never` nothing; `NO_COLOR` beats them all.
  static func current(environment: [String: String], colorMode: ColorMode = .auto)
    -> TerminalInfo
  {
    let output = isatty(STDOUT_FILENO) == 1
    let errors = isatty(STDERR_FILENO) == 1
    let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
    func colors(_ isTerminal: Bool) -> Bool {
      switch colorMode {
      case _ where noColor: false
      case .never: false
      case .always: true
      case .auto: isTerminal && environment["TERM"] != "dumb"
      }
    }
    return TerminalInfo(
      isOutputTerminal: output,
      isInputTerminal: isatty(STDIN_FILENO) == 1,
      isErrorTerminal: errors,
      width: measuredWidth(environment: environment),
      height: measuredHeight(),
      colorsOutput: colors(output),
      colorsErrors: colors(errors))
  }

  /// The rows of the first of stdout and stderr that is a terminal saying how many.
  private static func measuredHeight() -> Int? {
    [STDOUT_FILENO, STDERR_FILENO].lazy.compactMap { TerminalSize.of($0)?.rows }.first { $0 > 0 }
  }

  /// The columns of the first of stdout and stderr that is a terminal saying how many, else
  /// `COLUMNS`, else 80.
  private static func measuredWidth(environment: [String: String]) -> Int {
    let measured = [STDOUT_FILENO, STDERR_FILENO].lazy.compactMap { TerminalSize.of($0)?.columns }
    if let columns = measured.first(where: { $0 > 0 }) { return columns }
    if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
    return 80
  }
}
