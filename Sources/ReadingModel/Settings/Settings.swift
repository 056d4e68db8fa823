/// The settings file's contents: the known keys, and every other key exactly as found, so a
/// newer bookclub's settings survive an older one writing the file.
public struct Settings: Sendable, Equatable {
  /// Every key in the file.
  public private(set) var document: [String: JSONValue]
  /// Each key's value exactly as the file wrote it, written back as it was for keys this
  /// bookclub does not change (`12345678901234567890` stays that, not `1.2e+19`).
  private(set) var text: [String: String]

  public init(document: [String: JSONValue] = [:], text: [String: String] = [:]) {
    self.document = document
    self.text = text
  }

  /// The setting's value: the file's when valid, else the default.
  public func value(_ key: SettingKey) -> SettingValue {
    storedValue(key) ?? key.defaultValue
  }

  /// Whether the file sets `key` to a valid value.
  public func isSet(_ key: SettingKey) -> Bool { storedValue(key) != nil }

  /// Keys the file sets to a value of the wrong type or range; their defaults apply.
  public var invalidKeys: [SettingKey] {
    SettingKey.allCases.filter { document[$0.rawValue] != nil && storedValue($0) == nil }
  }

  public mutating func set(_ key: SettingKey, to value: SettingValue) {
    document[key.rawValue] = value.json
    text[key.rawValue] = nil
  }

  /// Forgets `key`, so its default applies.
  public mutating func reset(_ key: SettingKey) {
    document[key.rawValue] = nil
    text[key.rawValue] = nil
  }

  /// Forgets every known key; keys bookclub does not know stay.
  public mutating func resetAll() {
    for key in SettingKey.allCases { reset(key) }
  }

  private func storedValue(_ key: SettingKey) -> SettingValue? {
    document[key.rawValue].flatMap(key.value(from:))
  }

  public var pageSize: Int {
    if case .integer(let value) = value(.pageSize) { return value }
    return 30
  }

  public var color: ColorMode {
    if case .choice(let value) = value(.color) { return ColorMode(rawValue: value) ?? .auto }
    return .auto
  }

  public var updateArtwork: Bool { value(.updateArtwork) == .bool(true) }

  /// `auto`, `kitty`, `iterm`, `halfblocks` or `none`.
  public var coverProtocol: String {
    if case .choice(let value) = value(.coverProtocol) { return value }
    return "auto"
  }
  public var syncProgress: Bool { value(.syncProgress) == .bool(true) }
  public var clubAutoSync: Bool { value(.clubAutoSync) == .bool(true) }
  public var deviceAutoSync: Bool { value(.deviceAutoSync) == .bool(true) }
}
