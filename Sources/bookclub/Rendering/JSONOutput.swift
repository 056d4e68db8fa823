import Foundation
import ReadingModel

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
    var bytes: [UInt8] = []
    append(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private func append(to bytes: inout [UInt8]) {
    switch self {
    case .null: bytes.append(contentsOf: "null".utf8)
    case .bool(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
    case .int(let value): bytes.append(contentsOf: String(value).utf8)
    case .number(let value):
      bytes.append(contentsOf: (value.isFinite ? String(value) : "null").utf8)
    case .string(let value): BookJSON.appendString(value, to: &bytes)
    case .raw(let text): bytes.append(contentsOf: text.utf8)
    case .array(let values):
      bytes.append(UInt8(ascii: "["))
      for (index, value) in values.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        value.append(to: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let fields):
      bytes.append(UInt8(ascii: "{"))
      for (index, key) in fields.keys.sorted().enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        BookJSON.appendString(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        fields[key]?.append(to: &bytes)
      }
      bytes.append(UInt8(ascii: "}"))
    }
  }

  /// A date in ``InterchangeDate`` form, or null.
  static func date(_ date: Date?) -> JSONOutput {
    date.map { .string(InterchangeDate.format(milliseconds: $0.milliseconds)) } ?? .null
  }
}
