import Testing

@testable import ReadingModel

/// The parser's fast paths (a string without escapes, a plain integer, read straight off
/// the chunk) give what the long way gives, and refuse what it refuses.
struct JSONParserFastPathTests {
  static func parse(_ text: String) -> JSONValue? {
    var parser = JSONParser(bytes: Array(text.utf8))
    return try? parser.value()
  }

  @Test func integersReadAsTheLongWayReadsThem() {
    #expect(Self.parse("42") == .integer(42))
    #expect(Self.parse("-7") == .integer(-7))
    #expect(Self.parse("-0") == .integer(0))
    #expect(Self.parse("012") == .integer(12))
    #expect(Self.parse("[1,2]") == .array([.integer(1), .integer(2)]))
    #expect(Self.parse("999999999999999999") == .integer(999_999_999_999_999_999))
    #expect(Self.parse("9223372036854775807") == .integer(.max))
    #expect(Self.parse("92233720368547758080") == .number(92_233_720_368_547_758_080))
    #expect(Self.parse("1.5") == .number(1.5))
    #expect(Self.parse("2e3") == .number(2000))
    #expect(Self.parse("-") == nil)
  }

  @Test func stringsReadAsTheLongWayReadsThem() {
    #expect(Self.parse(#""plain""#) == .string("plain"))
    #expect(Self.parse(#""a\"b""#) == .string("a\"b"))
    #expect(Self.parse(#""caf\u00e9 – ok""#) == .string("café – ok"))
    #expect(Self.parse(#"{"k":"v","n":1}"#) == .object(["k": .string("v"), "n": .integer(1)]))
    #expect(Self.parse("\"line\nbreak\"") == nil, "a raw control character is refused")
    #expect(Self.parse("\"cut") == nil)
    #expect(Self.parse("\"\u{FF}\"") != nil)  // U+00FF as UTF-8 is valid
    var parser = JSONParser(bytes: [0x22, 0xFF, 0x22])
    #expect(throws: JSONError.self) { try parser.value() }
  }

  @Test func aJournalLineNamingItsBookTwiceKeepsTheLast() {
    let line = Array(
      #"{"member":"00000000-0000-0000-0000-000000000001","seq":2,"time":"2026-01-01T00:00:00.000Z","kind":"progress","book":{"title":"A","author":"B"},"book":{"title":"Middlemarch","author":"George Eliot","pages":880},"fraction":0.5}"#
        .utf8)
    let event = ClubEvent(jsonLine: line)
    #expect(event?.kind.book?.title == "Middlemarch")
    let again = ClubEvent(jsonLine: line, recent: event?.kind.book)
    #expect(again == event)
  }

  /// Each member of `text`'s object read by ``JSONParser/readMembers(matching:closing:_:)``
  /// as a string reusing `known`: the key's place and the string, or the error's text.
  static func reusing(_ text: String, known: String?) -> [String] {
    var parser = JSONParser(bytes: Array(text.utf8))
    var read: [String] = []
    do {
      try parser.expect(UInt8(ascii: "{"), "an object")
      try parser.readMembers(matching: [Array("a".utf8), Array("b".utf8)]) {
        key, parser throws(JSONError) in
        read.append(
          "\(key.map(String.init) ?? "other")=\(try parser.string(reusing: known) ?? "nil")")
      }
    } catch {
      read.append("error")
    }
    return read
  }

  @Test func aStringReadReusingAKnownOneIsWhatTheLongWayReads() {
    #expect(Self.reusing(#"{"a":"same","b":"other"}"#, known: "same") == ["0=same", "1=other"])
    // Escapes in keys and values are undone before they are compared.
    #expect(Self.reusing(#"{"a":"same","c":1}"#, known: "same") == ["0=same", "other=nil"])
    #expect(Self.reusing(#"{"b":"café"}"#, known: "café") == ["1=café"])
    #expect(Self.reusing(#"{"b":["x"],"a":null}"#, known: "x") == ["1=nil", "0=nil"])
    // What the long way refuses is refused, known or not.
    #expect(Self.reusing("{\"a\":\"tab\tin\"}", known: "tab\tin") == ["error"])
    var bad = Array(#"{"a":"x","#.utf8) + [0x22, 0xFF, 0x22] + Array(#":1}"#.utf8)
    #expect(Self.decodedKeys(bad) == nil, "a key that is no UTF-8 is an error")
    bad = Array(#"{"a":""#.utf8) + [0xC3] + Array(#""}"#.utf8)
    var parser = JSONParser(bytes: bad)
    #expect(throws: JSONError.self) {
      try parser.expect(UInt8(ascii: "{"), "an object")
      try parser.readMembers(matching: []) { _, parser throws(JSONError) in
        _ = try parser.string(reusing: "\u{C3}")
      }
    }
  }

  static func decodedKeys(_ bytes: [UInt8]) -> [Int?]? {
    var parser = JSONParser(bytes: bytes)
    var keys: [Int?] = []
    do {
      try parser.expect(UInt8(ascii: "{"), "an object")
      try parser.readMembers(matching: [Array("a".utf8)]) { key, parser throws(JSONError) in
        keys.append(key)
        _ = try parser.value()
      }
    } catch { return nil }
    return keys
  }

  @Test func aTimeReadFromItsBytesIsTheTimeReadFromItsText() {
    for text in [
      "2026-01-01T00:00:00.000Z", "2024-02-29T23:59:59Z", "2023-02-29T00:00:00Z",
      "2026-1-01T00:00:00.000Z", "2026-01-01T00:00:00.000", "2026-01-01 00:00:00.000Z",
      "１９７０-01-01T00:00:00Z", "",
    ] {
      let fromBytes = InterchangeDate.parse(utf8: Array(text.utf8)[...])
      #expect(fromBytes == InterchangeDate.parse(text), "\(text)")
      // An escaped time is the same time.
      var parser = JSONParser(
        bytes: Array(("\"" + text.replacingOccurrences(of: "T", with: "\\u0054") + "\"").utf8))
      #expect((try? parser.stringBytes { InterchangeDate.parse(utf8: $0) }) == fromBytes)
    }
    #expect(InterchangeDate.parse(utf8: Array("x2026-01-01T00:00:00Zx".utf8)[1..<21]) != nil)
  }

  @Test func aJournalReadReusingTheMemberAndBookIsTheJournalReadAfresh() {
    let lines = [
      #"{"member":"00000000-0000-0000-0000-000000000001","seq":1,"time":"2026-01-01T00:00:00.000Z","kind":"joined","name":"Ann"}"#,
      #"{"member":"00000000-0000-0000-0000-000000000001","seq":2,"time":"2026-01-02T00:00:00.000Z","kind":"progress","book":{"title":"Middlemarch","author":"George Eliot","pages":880},"fraction":0.25}"#,
      #"{"member":"00000000-0000-0000-0000-000000000001","seq":3,"time":"2026-01-03T00:00:00.000Z","kind":"progress","book":{"title":"Middlemarch","author":"George Eliot","pages":880},"fraction":0.5,"page":440}"#,
      #"{"member":"00000000-0000-0000-0000-000000000002","seq":4,"time":"2026-01-04T00:00:00.000Z","kind":"progress","book":{"title":"Middlemarch","author":"George Eliot"},"fraction":0.6}"#,
      #"{"member":"00000000-0000-0000-0000-000000000001","seq":5,"time":"2026-01-05T00:00:00Z","time":7,"kind":"note","book":{"title":"Middlemarch","author":"George Eliot","pages":880},"text":"hm","fraction":0.7}"#,
      #"{"seq":6,"member":"00000000-0000-0000-0000-000000000001","time":"2026-01-06T00:00:00.000Z","kind":"finished","book":{"author":"George Eliot","title":"Middlemarch","pages":880}}"#,
      // A line that is no event names another book; the next names the one before it.
      #"{"member":"00000000-0000-0000-0000-000000000001","seq":7,"time":"yesterday","kind":"progress","book":{"title":"Emma","author":"Jane Austen"},"fraction":0.1}"#,
      #"{"member":"00000000-0000-0000-0000-000000000001","seq":8,"time":"2026-01-08T00:00:00.000Z","kind":"rated","book":{"author":"George Eliot","title":"Middlemarch","pages":880},"rating":5}"#,
      #"{"member":"00000000-0000-0000-0000-000000000001","seq":9,"time":"2026-01-09T00:00:00.000Z","kind":"rated","book":{"author":"George Eliot","title":"Middlemarch","pages":880} ,"rating":4}"#,
    ].map { Array($0.utf8) }
    let afresh = lines.map { ClubEvent(jsonLine: $0) }
    #expect(afresh.compactMap { $0 }.count == 7, "the lines whose time is no time are no events")
    #expect(ClubJournal.decode(lines) == afresh)
  }
}
