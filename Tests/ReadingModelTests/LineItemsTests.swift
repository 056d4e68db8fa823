import Testing

@testable import ReadingModel

/// List columns (authors, tags, readings) are kept as lines and split byte by byte.
@Suite struct LineItemsTests {
  @Test(arguments: [
    ("", [String]()), ("solo", ["solo"]), ("a\nb", ["a", "b"]), ("\na\n\nb\n", ["a", "b"]),
    ("Émile Zola\nЛев Толстой\n📚", ["Émile Zola", "Лев Толстой", "📚"]),
  ])
  func splitsAtLineFeeds(text: String, items: [String]) {
    #expect(text.lineItems == items)
  }
}
