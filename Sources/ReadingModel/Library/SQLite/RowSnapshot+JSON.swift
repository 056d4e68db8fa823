// A snapshot as stored in `library_changes`: `{"tables": {"books": {"columns": [...],
// "rows": [[...]]}, ...}, "history": {...}}`, tables by name; a value is null, an integer,
// a number written with a fraction (`2.0`, so it reads back as a real, bit for bit) or a
// string.
extension RowSnapshot {
  /// The snapshot as JSON text.
  var json: String {
    var writer = JSONWriter()
    writer.object { object in
      object.member("tables") { tablesWriter in
        tablesWriter.object { tables in
          for name in self.tables.keys.sorted() {
            tables.member(name) { Self.write(self.tables[name]!, to: &$0) }
          }
        }
      }
      if let history {
        object.member("history") { Self.write(history, to: &$0) }
      }
    }
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// Reads a snapshot written by ``json``.
  ///
  /// - Throws: ``Unreadable`` when the text is not one.
  init(json text: String) throws {
    var parser = JSONParser(bytes: Array(text.utf8))
    guard case .object(let fields) = try? parser.value(),
      case .object(let tables) = fields["tables"]
    else { throw Unreadable() }
    self.tables = try tables.mapValues(Self.rows(from:))
    self.history = try fields["history"].map(Self.rows(from:))
  }

  /// A snapshot that is not one: the library's record of changes is damaged.
  struct Unreadable: Error {}

  private static func write(_ rows: Rows, to writer: inout JSONWriter) {
    writer.object { object in
      object.member("columns") { $0.array(rows.columns) { $0.string($1) } }
      object.member("rows") {
        $0.array(rows.rows) { row, values in
          row.array(values) { Self.write($1, to: &$0) }
        }
      }
    }
  }

  private static func write(_ value: SQLiteValue?, to writer: inout JSONWriter) {
    switch value {
    case nil: writer.null()
    case .integer(let number): writer.integer(number)
    case .real(let number): writer.number(number)
    case .text(let text): writer.string(text)
    }
  }

  private static func rows(from json: JSONValue) throws -> Rows {
    guard case .object(let fields) = json, case .array(let columns) = fields["columns"],
      case .array(let rows) = fields["rows"]
    else { throw Unreadable() }
    return Rows(
      columns: try columns.map { column in
        guard case .string(let name) = column else {
          throw Unreadable()
        }
        return name
      },
      rows: try rows.map { row in
        guard case .array(let values) = row, values.count == columns.count else {
          throw Unreadable()
        }
        return try values.map(value(from:))
      })
  }

  /// A stored value; anything ``json`` does not write is a damaged record, never NULL.
  private static func value(from json: JSONValue) throws -> SQLiteValue? {
    switch json {
    case .integer(let number): .integer(number)
    case .number(let number): .real(number)
    case .string(let text): .text(text)
    case .null: nil
    case .bool, .array, .object, .raw: throw Unreadable()
    }
  }
}
