#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension JSONValue {
  /// The value as compact JSON: object keys in alphabetical order, strings escaped by
  /// ``JSONWriter/string(_:)``, numbers as ``JSONWriter/number(_:)`` writes them.
  public var text: String {
    var json = JSONWriter()
    write(to: &json)
    return String(decoding: json.bytes, as: UTF8.self)
  }

  /// Writes the value as compact JSON, object keys in alphabetical order.
  ///
  /// - Parameter json: The writer the value is appended to.
  public func write(to json: inout JSONWriter) {
    switch self {
    case .null: json.null()
    case .bool(let value): json.raw(value ? "true" : "false")
    case .integer(let value): json.integer(value)
    case .number(let value): json.number(value)
    case .string(let value): json.string(value)
    case .raw(let text): json.raw(text)
    case .array(let values): json.array(values) { $1.write(to: &$0) }
    case .object(let members):
      json.object { object in
        for key in members.keys.sorted() { object.member(key) { members[key]?.write(to: &$0) } }
      }
    }
  }

  /// A date in ``InterchangeDate`` form.
  ///
  /// - Parameter date: The date; `nil` gives null.
  /// - Returns: A string value, or null.
  public static func date(_ date: Date?) -> JSONValue {
    date.map { .string(InterchangeDate.format(milliseconds: $0.milliseconds)) } ?? .null
  }
}
