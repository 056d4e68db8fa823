import Foundation

/// Settings in a small, human-editable JSON file (seed 004's `@AppStorage`, kept apart from
/// the library).
///
/// Reading never creates the file. Every change re-reads the file under an exclusive lock,
/// applies itself and replaces the file atomically, so concurrent changes never lose one
/// another. A file that cannot be parsed is never overwritten.
public struct SettingsStore: Sendable {
  public let path: String

  public init(path: String) {
    self.path = path
  }

  /// `settings.json` in the config folder (`~/.config/bookclub` by default).
  public static func defaultPath(environment: [String: String]) -> String {
    UserFolder.config.path(environment: environment) + "/settings.json"
  }

  /// The settings; defaults when the file does not exist.
  ///
  /// - Throws: ``SettingsError`` when the file exists but cannot be read as settings.
  public func load() throws(SettingsError) -> Settings {
    guard let data = FileManager.default.contents(atPath: path) else {
      if FileManager.default.fileExists(atPath: path) {
        throw .unreadable(path: path, line: nil, column: nil, detail: "permission denied")
      }
      return Settings()
    }
    return try Self.parse(data, path: path)
  }

  /// Changes the settings: under the lock, reads the file afresh, applies `change` and
  /// writes the result atomically.
  ///
  /// - Returns: The settings as written.
  /// - Throws: ``SettingsError`` (an unreadable file is left as it is), or what `change`
  ///   throws (nothing is written).
  @discardableResult
  public func update(_ change: (inout Settings) throws -> Void) throws -> Settings {
    do {
      return try FileLock.withLock(at: path + ".lock") {
        var settings = try load()
        try change(&settings)
        try AtomicFile.write(Self.encode(settings), to: path)
        return settings
      }
    } catch let error as FileError {
      throw SettingsError.cannotWrite(path: path, detail: error.localizedDescription)
    }
  }

  /// The file's text: pretty-printed, keys sorted, ending with a newline.
  static func encode(_ settings: Settings) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(settings.document)) ?? Data("{}".utf8)
    return data + Data("\n".utf8)
  }

  static func parse(_ data: Data, path: String) throws(SettingsError) -> Settings {
    if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
      return Settings()  // An empty file is an empty set of settings.
    }
    do {
      // JSONSerialization says where the problem is; JSONDecoder keeps the value types.
      _ = try JSONSerialization.jsonObject(with: data)
    } catch {
      let (line, column) = location(of: error, in: data)
      throw .unreadable(path: path, line: line, column: column, detail: "it is not valid JSON")
    }
    do {
      return Settings(document: try JSONDecoder().decode([String: JSONValue].self, from: data))
    } catch {
      throw .notAnObject(path: path)
    }
  }

  /// Turns "around character N" in a JSONSerialization error into a line and column.
  private static func location(of error: any Error, in data: Data) -> (Int?, Int?) {
    let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
    guard let range = detail.range(of: "character "),
      let offset = Int(detail[range.upperBound...].prefix { $0.isNumber })
    else { return (nil, nil) }
    var line = 1
    var column = 1
    for byte in data.prefix(offset) {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }
}
