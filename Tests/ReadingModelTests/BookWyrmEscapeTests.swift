import Testing

@testable import ReadingModel

/// BookWyrm's review column is HTML: `&`, `<` and `>` become entities wherever they are,
/// and every other character is left as it was.
@Suite struct BookWyrmEscapeTests {
  @Test(arguments: [
    ("", ""), ("Middlemarch", "Middlemarch"), ("Émile 📚 Лев", "Émile 📚 Лев"),
    ("Tom & Jerry", "Tom &amp; Jerry"), ("<b>bold</b>", "&lt;b&gt;bold&lt;/b&gt;"),
    ("&amp;", "&amp;amp;"), ("é<>é", "é&lt;&gt;é"),
    // An accent after `&` makes one `Character` of the two; an HTML reader still sees `&`.
    ("&\u{301}x", "&amp;\u{301}x"), ("<\u{338}", "&lt;\u{338}"),
  ])
  func entitiesForTheThreeHTMLCharacters(text: String, html: String) {
    #expect(BookWyrmExport.escaped(text).utf8.elementsEqual(html.utf8))
  }
}
