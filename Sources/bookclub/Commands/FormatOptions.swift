import ReadingModel

/// `--format` and `--length`, as `add` and `edit` take them: what a book is read from, and
/// how long an audiobook plays.
enum FormatOptions {
  static let format = OptionSpec.value(
    "format", valueName: "format",
    help: "paper, ebook or audiobook ('none' for unknown); an audiobook's progress is time.",
    allowedValues: BookFormat.allCases.map(\.rawValue) + ["none"])
  static let length = OptionSpec.value(
    "length", valueName: "h:mm",
    help: "How long the audiobook plays: 11:42 (hours:minutes) or 11:42:05.")

  /// The format given: `.some(nil)` for `none`, `nil` when not given.
  static func format(in values: ParsedValues) -> BookFormat?? {
    guard let text = values.string(format) else { return nil }
    return .some(BookFormat(rawValue: text))
  }

  /// The length given: `.some(nil)` for `''` (where `clearable`), `nil` when not given.
  ///
  /// - Throws: ``UsageError`` for a length that is not one (`0:00`, `abc`, `99999999:00`).
  static func length(in values: ParsedValues, clearable: Bool) throws(UsageError) -> AudioLength?? {
    guard let text = values.string(length) else { return nil }
    if clearable, text.isEmpty { return .some(nil) }
    do {
      return .some(try AudioLength(parsing: text))
    } catch {
      throw .invalidValue(
        TerminalText.shortened(text, to: 40), for: length.display, allowed: error.errorDescription)
    }
  }
}
