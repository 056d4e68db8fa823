import Testing

@testable import ReadingModel

/// Strings as JSON: escaped where JSON requires, every other byte as it was.
@Suite struct JSONWriterTests {
  @Test(arguments: [
    ("", #""""#), ("Middlemarch", #""Middlemarch""#), (#"say "hi""#, #""say \"hi\"""#),
    (#"a\b"#, #""a\\b""#), ("line\nbreak\r\ttab", #""line\nbreak\r\ttab""#),
    ("\u{1B}[2J\u{07}", #""\u001b[2J\u0007""#), ("Émile 📚 Лев", #""Émile 📚 Лев""#),
    ("\"", #""\"""#), ("end\\", #""end\\""#),
  ])
  func escapesWhatJSONRequires(text: String, json: String) {
    var writer = JSONWriter()
    writer.string(text)
    #expect(String(decoding: writer.bytes, as: UTF8.self) == json)
  }

  /// The escapes at every place in a long string, where eight bytes are looked at at once,
  /// and bytes the word test could mistake (0x7F, bytes of 0x80 and up, the neighbours of a
  /// quote and a backslash) left as
  /// they are: the same text as escaping byte by byte.
  @Test func escapesAtEveryPlaceOfALongString() {
    let specials: [(String, String)] = [
      ("\"", #"\""#), ("\\", #"\\"#), ("\u{01}", #"\u0001"#), ("\u{1F}", #"\u001f"#),
      ("\n", #"\n"#), ("\u{00}", #"\u0000"#),
    ]
    let plain = "abcdefghijklmnopqrstuvw \u{7F}¢Ü!#[]"
    for (special, escaped) in specials {
      for place in 0...plain.count {
        let cut = plain.index(plain.startIndex, offsetBy: place)
        var writer = JSONWriter()
        writer.string(plain[..<cut] + special + plain[cut...])
        #expect(
          String(decoding: writer.bytes, as: UTF8.self)
            == "\"" + plain[..<cut] + escaped + plain[cut...] + "\"", "\(place)")
      }
    }
    var writer = JSONWriter()
    writer.string(plain + plain)
    #expect(String(decoding: writer.bytes, as: UTF8.self) == "\"" + plain + plain + "\"")
  }

  /// Integers written digit by digit: the same text as `String(_:)`, at both ends of the
  /// range and around every power of ten.
  @Test func integersAsDecimalText() {
    let powers = (0...18).map { n in (0..<n).reduce(Int64(1)) { value, _ in value * 10 } }
    let edges = powers.flatMap { [$0 - 1, $0, $0 + 1, -$0] } + [.min, .max, .min + 1]
    for value in edges {
      var writer = JSONWriter()
      writer.integer(value)
      #expect(String(decoding: writer.bytes, as: UTF8.self) == String(value), "\(value)")
      var fromInt = JSONWriter()
      fromInt.integer(Int(value))
      #expect(fromInt.bytes == writer.bytes)
    }
  }

  /// Keys made once and members written by hand: the same bytes as the object writer.
  @Test func membersWithKeysMadeOnce() {
    var byHand = JSONWriter()
    byHand.raw("{")
    var first = true
    for (name, value) in [("My \"Review\"", "a\u{1B}b"), ("Title", ""), ("é", "x")] {
      byHand.member(JSONWriter.key(name), string: value, first: &first)
    }
    byHand.raw("}")
    var object = JSONWriter()
    object.object { members in
      for (name, value) in [("My \"Review\"", "a\u{1B}b"), ("Title", ""), ("é", "x")] {
        members.member(name) { $0.string(value) }
      }
    }
    #expect(byHand.bytes == object.bytes)
    #expect(
      String(decoding: byHand.bytes, as: UTF8.self)
        == #"{"My \"Review\"":"a\u001bb","Title":"","é":"x"}"#)
  }

  /// A merge base's fields: keys sorted, absent fields left out, an empty one kept.
  @Test func fieldsAsJSON() {
    var fields = BookFields()
    fields[.title] = #"The "Odyssey""#
    fields[.authors] = "Homer"
    fields[.rating] = ""
    #expect(fields.json == #"{"authors":"Homer","rating":"","title":"The \"Odyssey\""}"#)
    #expect(BookFields().json == "{}")
  }
}
