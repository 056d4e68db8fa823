#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Why settings could not be read or written.
public enum SettingsError: Error, Equatable, Sendable {
  /// The file is not valid JSON; where the problem is, when known.
  case unreadable(path: String, line: Int?, column: Int?, detail: String)
  /// The file is JSON but not an object of keys and values.
  case notAnObject(path: String)
  /// The file or its folder cannot be written.
  case cannotWrite(path: String, detail: String)
  /// A value the setting does not take.
  case invalidValue(String, key: SettingKey)
}

extension SettingsError: LocalizedError {
  public var errorDescription: String? {
    switch self {
    case .unreadable(let path, let line, let column, let detail):
      let place = line.map { " at line \($0)" + (column.map { ", column \($0)" } ?? "") } ?? ""
      return "The settings file '\(path)' cannot be read\(place): \(detail). Fix it or move it "
        + "away; bookclub left it untouched."
    case .notAnObject(let path):
      return "The settings file '\(path)' is not a JSON object of settings. Fix it or move it "
        + "away; bookclub left it untouched."
    case .cannotWrite(let path, let detail):
      return "Cannot write the settings file '\(path)': \(detail)."
    case .invalidValue(let text, let key):
      return "The value '\(text)' is invalid for '\(key.rawValue)': use \(key.allowed)."
    }
  }
}
