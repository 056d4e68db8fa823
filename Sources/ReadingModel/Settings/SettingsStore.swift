#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
    let data: Data?
    do {
      data = try SmallFile.read(path)
    } catch {
      throw .unreadable(path: path, line: nil, column: nil, detail: Self.reason(error))
    }
    guard let data else { return Settings() }
    return try Self.parse(data, path: path)
  }

  private static func reason(_ error: FileError) -> String {
    if case .cannotRead(_, let reason) = error { return reason }
    return error.explanation
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
      throw SettingsError.cannotWrite(path: path, detail: error.explanation)
    }
  }

  /// The file's text: one key a line, sorted, each value of a key bookclub did not change
  /// exactly as it was, ending with a newline.
  static func encode(_ settings: Settings) -> Data {
    let lines = settings.document.keys.sorted().map { key -> String in
      var name = JSONWriter()
      name.string(key)
      let value = settings.text[key] ?? settings.document[key]?.text ?? "null"
      return "  " + String(decoding: name.bytes, as: UTF8.self) + ": " + value
    }
    let body = lines.isEmpty ? "{}" : "{\n" + lines.joined(separator: ",\n") + "\n}"
    return Data((body + "\n").utf8)
  }

  /// Reads the file: an object whose values are kept both parsed and as written.
  static func parse(_ data: Data, path: String) throws(SettingsError) -> Settings {
    // A byte order mark, which some editors on Windows write, says only that this is UTF-8.
    let bytes = Array(data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...])
    if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
      return Settings()  // An empty file is an empty set of settings.
    }
    guard String(validating: bytes, as: UTF8.self) != nil else {
      throw .unreadable(path: path, line: nil, column: nil, detail: "it is not UTF-8 text")
    }
    var parser = JSONParser(bytes: bytes)
    var document: [String: JSONValue] = [:]
    var text: [String: String] = [:]
    do {
      guard try parser.skip(UInt8(ascii: "{")) else {
        _ = try parser.value()  // valid JSON of another shape, or a syntax error
        throw SettingsError.notAnObject(path: path)
      }
      try parser.readMembers(closing: "',' or '}'") { key, parser throws(JSONError) in
        let start = parser.offset
        document[key] = try parser.value()
        text[key] = String(decoding: bytes[start..<parser.offset], as: UTF8.self).trimmed
      }
      try parser.expectEnd("there is text after the settings")
    } catch let error as SettingsError {
      throw error
    } catch let error as JSONError {
      if case .syntax(let line, let column, _) = error, line > 0 {
        throw .unreadable(path: path, line: line, column: column, detail: "it is not valid JSON")
      }
      throw .unreadable(path: path, line: nil, column: nil, detail: error.message)
    } catch {
      throw .unreadable(path: path, line: nil, column: nil, detail: "\(error)")
    }
    return Settings(document: document, text: text)
  }
}
