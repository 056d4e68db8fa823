/// Any JSON value: what ``JSONParser`` reads (files bookclub reads and writes back without
/// knowing every key, such as settings a newer bookclub wrote) and what every `--json`
/// output is built of. ``write(to:)`` is its one writer.
public enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case integer(Int64)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])
  /// JSON text another writer made (a book written by hand for speed, an archive item's
  /// details), embedded as it is. Never made by parsing.
  case raw(String)
}
