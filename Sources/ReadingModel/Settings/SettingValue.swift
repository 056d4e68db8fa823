/// The value of one setting.
public enum SettingValue: Sendable, Equatable, CustomStringConvertible {
  case bool(Bool)
  case integer(Int)
  case choice(String)

  /// As people type it and `settings get` prints it.
  public var description: String {
    switch self {
    case .bool(let value): String(value)
    case .integer(let value): String(value)
    case .choice(let value): value
    }
  }

  /// As `settings.json` and `settings list --json` hold it.
  public var json: JSONValue {
    switch self {
    case .bool(let value): .bool(value)
    case .integer(let value): .integer(Int64(value))
    case .choice(let value): .string(value)
    }
  }
}
