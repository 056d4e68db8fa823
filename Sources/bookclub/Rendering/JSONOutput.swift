import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A JSON document built in code and written with sorted keys, for the `--json` output of
/// commands that print one object (lists of many books use ``BookJSON`` directly).
enum JSONOutput {
  case null
  case bool(Bool)
  case int(Int64)
  case number(Double)
  case string(String)
  case array([JSONOutput])
  case object([String: JSONOutput])
  /// JSON text written elsewhere (a book from ``BookJSON``), embedded as it is.
  case raw(String)

  /// The document as compact JSON with keys in alphabetical order.
  var text: String {
    var json = JSONWriter()
    write(to: &json)
    return String(decoding: json.bytes, as: UTF8.self)
  }

  private func write(to json: inout JSONWriter) {
    switch self {
    case .null: json.null()
    case .bool(let value): json.raw(value ? "true" : "false")
    case .int(let value): json.integer(value)
    case .number(let value): json.number(value)
    case .string(let value): json.string(value)
    case .raw(let text): json.raw(text)
    case .array(let values): json.array(values) { $1.write(to: &$0) }
    case .object(let fields):
      json.object { object in
        for key in fields.keys.sorted() {
          object.member(key) { fields[key]?.write(to: &$0) }
        }
      }
    }
  }

  /// A date in ``InterchangeDate`` form, or null.
  static func date(_ date: Date?) -> JSONOutput {
    date.map { .string(InterchangeDate.format(milliseconds: $0.milliseconds)) } ?? .null
  }
}
