/// What one source said about a book at its last import: the base of the next import's
/// three-way merge, and what the Goodreads export writes back where nothing changed since.
///
/// Kept as the canonical JSON the library stores (keys sorted, compact), so that an
/// unchanged re-import is recognised by comparing text, and an export copies it as it is;
/// the values are decoded only when a merge or the Goodreads export needs them.
public struct SourceBase: Sendable, Equatable {
  /// The source's fields in canonical form, as a flat JSON object keyed by ``BookField`` raw
  /// values.
  public let fieldsJSON: String
  /// The row's columns exactly as the file wrote them (`="0141439580"`, `dnf`, `&amp;`), as a
  /// flat JSON object; `{}` for sources that are not files of columns.
  public let columnsJSON: String

  public init(fields: BookFields, columns: [String: String] = [:]) {
    fieldsJSON = fields.json
    columnsJSON = StringMapJSON.encode(columns)
  }

  /// A base as the library stores it.
  init(fieldsJSON: String, columnsJSON: String) {
    self.fieldsJSON = fieldsJSON
    self.columnsJSON = columnsJSON
  }

  /// The fields; those this bookclub does not know, or text that is not a flat JSON
  /// object, are left out (a field without a base merges as on a first import).
  public var fields: BookFields {
    var fields = BookFields()
    let whole = StringMapJSON.forEachMember(of: fieldsJSON) { name, value in
      if let field = BookField(rawValue: name) { fields[field] = value }
    }
    return whole ? fields : BookFields()
  }

  /// Whether `other` holds the same text as these fields (``BookFields/hasSameText(as:)``),
  /// read straight off the stored text: no fields are built and no value is made a string.
  /// Text equal only up to Unicode equivalence reads as different (a caller then takes the
  /// long way; it is never the other way round).
  public func hasSameText(as other: BookFields) -> Bool {
    let stored = StringMapJSON.NamedValues(of: fieldsJSON, named: BookField.nameBytes)
    // Text that is not a flat object reads as no fields, as ``fields`` reads it; names out
    // of order (not bookclub's writing) are read the long way.
    guard stored.walk.isObject else { return other.hasSameText(as: BookFields()) }
    guard stored.walk.isSorted else { return other.hasSameText(as: fields) }
    for (place, field) in BookField.byNameBytes.enumerated() {
      let now = other[field] ?? ""
      if stored.spans[place] == nil ? !now.isEmpty : !stored.value(place, is: now) {
        return false
      }
    }
    return true
  }

  /// The columns as written; empty when the stored text is not a flat JSON object. Decoded
  /// from JSON at each read: read it once per book.
  public var columns: [String: String] { StringMapJSON.decode(columnsJSON) ?? [:] }
}

extension BookFields {
  /// The fields as compact JSON, keys sorted.
  public var json: String {
    var json = JSONWriter(reservingCapacity: 512)
    json.raw("{")
    var first = true
    for (field, key) in Self.jsonKeys {
      if let value = self[field] { json.member(key, string: value, first: &first) }
    }
    json.raw("}")
    return String(decoding: json.bytes, as: UTF8.self)
  }

  /// Each field with its `"name":` as JSON, in the order ``json`` writes them: made once,
  /// not for every row of an import.
  private static let jsonKeys = BookField.byName.map { ($0, JSONWriter.key($0.rawValue)) }
}
