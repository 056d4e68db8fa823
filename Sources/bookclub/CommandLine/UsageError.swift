import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A command line bookclub cannot act on; reported with the usage line, exit code 64.
enum UsageError: Error, Equatable {
  /// A required argument or option is missing.
  case missingArgument(String)
  /// An option the command does not have, with a close one when there is.
  case unknownOption(String, suggestion: String?)
  /// An option that needs a value came without one.
  case missingValue(option: String)
  /// An option or argument value that is not acceptable, and what is.
  case invalidValue(String, for: String, allowed: String?)
  /// A positional value no argument takes, or an unknown subcommand.
  case unexpectedArgument(String, suggestion: String?)
  /// A flag given a value with `=`.
  case flagWithValue(option: String)
  /// A setting bookclub does not know, with a close one when there is.
  case unknownSetting(String, suggestion: String?)
  /// A command needs a `<book>`, none was given and none is selected.
  case missingBook
  /// A progress value that is not in the grammar or does not fit the book.
  case invalidProgress(String)
  /// More positional values than arguments, the first being a book: a title of several
  /// words typed without quotes.
  case splitTitle(String, title: String)
}

extension UsageError: LocalizedError {
  var errorDescription: String? {
    switch self {
    case .missingArgument(let name):
      "Missing expected argument '\(name)'"
    case .unknownOption(let option, let suggestion):
      "Unknown option '\(option)'." + (suggestion.map { " Did you mean '\($0)'?" } ?? "")
    case .missingValue(let option):
      "Missing value for '\(option)'"
    case .invalidValue(let value, let option, let allowed):
      "The value '\(value)' is invalid for '\(option)'" + (allowed.map { ". \($0)" } ?? "")
    case .unexpectedArgument(let argument, let suggestion):
      "Unexpected argument '\(argument)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? "")
    case .splitTitle(let extra, let title):
      "Unexpected argument '\(extra)'. Did you mean \"\(title)\"? Put a title of several words "
        + "in quotes."
    case .flagWithValue(let option):
      "The flag '\(option)' does not take a value"
    case .unknownSetting(let key, let suggestion):
      "Unknown setting '\(key)'." + (suggestion.map { " Did you mean '\($0)'?" } ?? "")
        + " Settings: " + SettingKey.allCases.map(\.rawValue).joined(separator: ", ") + "."
    case .missingBook:
      "Missing expected argument '<book>' (no book is selected here: see 'bookclub select')"
    case .invalidProgress(let message):
      message
    }
  }
}
