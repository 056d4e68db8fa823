/// The columns of an export that a format keeps in a merge base, sorted by name, each with
/// its JSON key made once for the whole file rather than once per row.
struct KeptColumns: Sendable {
  /// `"name":` as JSON (``JSONWriter/key(_:)``), and the index of the column's field.
  private let members: [(key: [UInt8], index: Int)]

  /// - Parameter columns: Names and field indices, in the order the JSON lists them.
  init(_ columns: [(name: String, index: Int)] = []) {
    members = columns.map { (JSONWriter.key($0.name), $0.index) }
  }

  /// The row's fields in these columns exactly as written, as a flat JSON object.
  ///
  /// - Parameter fields: One row's fields; columns past its end are left out.
  func json(of fields: [String]) -> String {
    var json = JSONWriter(reservingCapacity: 64 * (members.count + 1))
    json.raw("{")
    var first = true
    for (key, index) in members where index < fields.count {
      json.member(key, string: fields[index], first: &first)
    }
    json.raw("}")
    return String(decoding: json.bytes, as: UTF8.self)
  }
}
