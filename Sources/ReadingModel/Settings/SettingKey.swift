/// The settings bookclub knows: small preferences kept apart from the library (seed 004's
/// `@AppStorage`).
public enum SettingKey: String, Sendable, CaseIterable {
  case updateArtwork
  case syncProgress
  case clubAutoSync
  case deviceAutoSync
  case pageSize
  case color
  case coverProtocol

  /// What values a setting takes.
  public enum Kind: Sendable, Equatable {
    case boolean
    case integer(ClosedRange<Int>)
    case choice([String])
  }

  public var kind: Kind {
    switch self {
    case .updateArtwork, .syncProgress, .clubAutoSync, .deviceAutoSync: .boolean
    case .pageSize: .integer(1...1000)
    case .color: .choice(ColorMode.allCases.map(\.rawValue))
    case .coverProtocol: .choice(["auto", "kitty", "iterm", "halfblocks", "none"])
    }
  }

  public var defaultValue: SettingValue {
    switch self {
    case .updateArtwork, .syncProgress, .clubAutoSync, .deviceAutoSync: .bool(true)
    case .pageSize: .integer(30)
    case .color: .choice(ColorMode.auto.rawValue)
    case .coverProtocol: .choice("auto")
    }
  }

  /// One line on what the setting does.
  public var summary: String {
    switch self {
    case .updateArtwork: "Fetch and refresh cover artwork."
    case .syncProgress: "Share progress entries with the book-club folder."
    case .clubAutoSync: "Sync a git club in the background after a command shares with it."
    case .deviceAutoSync:
      "Sync a git sync folder in the background after a command changes the library."
    case .pageSize: "Books per page when 'list' is given no --limit."
    case .color: "Colour at a terminal: auto, always or never (NO_COLOR still wins)."
    case .coverProtocol: "How covers are drawn: auto, kitty, iterm, halfblocks or none."
    }
  }

  /// What a value must be, for error messages.
  public var allowed: String {
    switch kind {
    case .boolean: "true or false"
    case .integer(let range): "a whole number from \(range.lowerBound) to \(range.upperBound)"
    case .choice(let values):
      values.dropLast().joined(separator: ", ") + " or " + values[values.count - 1]
    }
  }

  /// Reads a value as a person types it (`true`, `yes`, `42`, `never`).
  ///
  /// - Throws: ``SettingsError/invalidValue(_:key:)``.
  public func parse(_ text: String) throws(SettingsError) -> SettingValue {
    let lowered = text.lowercased()
    switch kind {
    case .boolean:
      if ["true", "yes", "on", "1"].contains(lowered) { return .bool(true) }
      if ["false", "no", "off", "0"].contains(lowered) { return .bool(false) }
    case .integer(let range):
      if let number = Int(text), range.contains(number) { return .integer(number) }
    case .choice(let values):
      if values.contains(lowered) { return .choice(lowered) }
    }
    throw .invalidValue(text, key: self)
  }

  /// The value stored in the file, or `nil` when it has the wrong type or range.
  func value(from json: JSONValue) -> SettingValue? {
    switch (kind, json) {
    case (.boolean, .bool(let value)): return .bool(value)
    case (.integer(let range), .integer(let value)) where range.contains(Int(value)):
      return .integer(Int(value))
    case (.choice(let values), .string(let value)) where values.contains(value):
      return .choice(value)
    default: return nil
    }
  }
}

/// When bookclub colours its output.
public enum ColorMode: String, Sendable, CaseIterable {
  /// At a terminal only.
  case auto
  /// Also into pipes and files.
  case always
  /// Never.
  case never
}
