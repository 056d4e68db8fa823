/// What one source said about a book at its last import: the base of the next import's
/// three-way merge, and what the Goodreads export writes back where nothing changed since.
public struct SourceBase: Sendable, Equatable {
  /// The source's fields in canonical form, as they were compared.
  public var fields: BookFields
  /// The row's columns exactly as the file wrote them (`="0141439580"`, `dnf`, `&amp;`);
  /// empty for sources that are not files of columns.
  public var columns: [String: String]

  public init(fields: BookFields, columns: [String: String] = [:]) {
    self.fields = fields
    self.columns = columns
  }

  /// The fields as a flat JSON object keyed by ``BookField`` raw values.
  public var fieldsJSON: String {
    StringMapJSON.encode(Dictionary(uniqueKeysWithValues: fields.values.map { ($0.rawValue, $1) }))
  }

  /// Reads a base stored as ``fieldsJSON`` and the columns' JSON; fields this bookclub does not
  /// know are left out.
  ///
  /// - Returns: `nil` when either text is not a flat JSON object of strings.
  public init?(fieldsJSON: String, columnsJSON: String) {
    guard let stored = StringMapJSON.decode(fieldsJSON),
      let columns = StringMapJSON.decode(columnsJSON)
    else { return nil }
    var fields = BookFields()
    for (name, value) in stored {
      if let field = BookField(rawValue: name) { fields[field] = value }
    }
    self.init(fields: fields, columns: columns)
  }
}
