/// The settings file's contents: the known keys, and every other key exactly as found, so a
/// newer bookclub's settings survive an older one writing the file.
public struct Settings: Sendable, Equatable {
  /// Every key in the file.
  public private(set) var document: [String: JSONValue]

  public init(document: [String: JSONValue] = [:]) {
    self.document = document
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
  }

  /// Forgets `key`, so its default applies.
  public mutating func reset(_ key: SettingKey) {
    document[key.rawValue] = nil
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
  public var syncProgress: Bool { value(.syncProgress) == .bool(true) }
}
