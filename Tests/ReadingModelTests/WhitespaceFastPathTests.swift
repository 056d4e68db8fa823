import Testing

@testable import ReadingModel

/// The byte-level fast paths imports take for whitespace: the same answers as the long way,
/// in every script, with Unicode's own spaces sent the long way.
struct WhitespaceFastPathTests {
  @Test(arguments: [
    ("Война и мир", "Война и мир"),
    ("Война  и мир", "Война и мир"),
    ("Война\u{00A0}и мир", "Война и мир"),
    (" الحرب والسلام ", "الحرب والسلام"),
    ("三体\u{3000}全集", "三体 全集"),
    ("A\u{2009}thin\u{202F}space", "A thin space"),
    ("tab\there", "tab here"),
    ("line\u{2028}break", "line break"),
    ("Ναυσικά", "Ναυσικά"),
    ("café — crème", "café — crème"),
    ("   ", ""),
  ])
  func collapsingMatchesTheLongWay(_ text: String, _ expected: String) {
    #expect(text.collapsingWhitespace == expected)
    let longWay = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
      .joined(separator: " ")
    #expect(text.collapsingWhitespace == longWay)
  }

  @Test(arguments: [
    ("abc", "abc"), (" abc", "abc"), ("abc\u{00A0}", "abc"), ("a b", "a b"),
    ("\u{3000}三体", "三体"), ("x\n", "x"), ("", ""), ("!", "!"),
  ])
  func trimmingMatchesTheLongWay(_ text: String, _ expected: String) {
    #expect(text.trimmingWhitespace() == expected)
    #expect(text.trimming(while: \.isWhitespace) == expected)
  }

  @Test func bindingsAreReadTheSameInAnyCase() {
    #expect(BookFormat(binding: "Kindle Edition") == .ebook)
    #expect(BookFormat(binding: "MASS MARKET PAPERBACK") == .paper)
    #expect(BookFormat(binding: "Audio CD") == .audiobook)
    #expect(BookFormat(binding: "Hörbuch-CD") == .audiobook)
    #expect(BookFormat(binding: "Unknown Binding") == nil)
  }
}
