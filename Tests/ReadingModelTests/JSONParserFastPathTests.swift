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
}
