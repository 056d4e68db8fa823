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
}
