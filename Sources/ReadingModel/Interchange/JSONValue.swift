/// Any JSON value, for files bookclub reads and writes back without knowing every key
/// (the settings file keeps keys a newer bookclub wrote).
public enum JSONValue: Sendable, Equatable, Codable {
  case null
  case bool(Bool)
  case integer(Int64)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int64.self) {
      self = .integer(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .integer(let value): try container.encode(value)
    case .number(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }
}

extension JSONValue {
  /// The value as compact JSON, object keys sorted.
  public func write(to json: inout JSONWriter) {
    switch self {
    case .null: json.null()
    case .bool(let value): json.raw(value ? "true" : "false")
    case .integer(let value): json.integer(value)
    case .number(let value): json.number(value)
    case .string(let value): json.string(value)
    case .array(let values): json.array(values) { $1.write(to: &$0) }
    case .object(let members):
      json.object { object in
        for key in members.keys.sorted() { object.member(key) { members[key]?.write(to: &$0) } }
      }
    }
  }
}
