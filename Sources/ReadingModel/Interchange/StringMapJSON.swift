/// A flat JSON object of strings, `{"Title":"Emma","ISBN":"=\"0141439580\""}`: how the library
/// stores what a source said about a book. Written with sorted keys, so the same map always
/// gives the same text; read by a small parser that accepts exactly that shape.
public enum StringMapJSON {
  /// The map as compact JSON, keys sorted.
  public static func encode(_ map: [String: String]) -> String {
    var json = JSONWriter()
    write(map, to: &json)
    return String(decoding: json.bytes, as: UTF8.self)
  }

  /// Writes the map as an object, keys sorted.
  public static func write(_ map: [String: String], to json: inout JSONWriter) {
    json.object { object in
      for key in map.keys.sorted() {
        if let value = map[key] { object.member(key) { $0.string(value) } }
      }
    }
  }

  /// Reads a flat object of strings.
  ///
  /// - Returns: `nil` when `text` is anything else.
  public static func decode(_ text: String) -> [String: String]? {
    var map: [String: String] = [:]
    map.reserveCapacity(32)  // a Goodreads row has 24 to 31 columns: no regrowing
    return forEachMember(of: text, { map[$0] = $1 }) ? map : nil
  }

  /// Calls `body` with each member of a flat object of strings, in the text's order, with
  /// no map built.
  ///
  /// - Returns: Whether `text` was such an object (when not, `body` may have seen a part).
  public static func forEachMember(of text: String, _ body: (String, String) -> Void) -> Bool {
    Array(text.utf8).withUnsafeBufferPointer { bytes in
      var parser = Parser(bytes: bytes)
      return parser.object(body)
    }
  }
}
