import Foundation
import ReadingModel
import Testing

@testable import bookclub

@Suite struct BookJSONTests {
  @Test func escapesWhatJSONRequiresAndParsesBack() async throws {
    let title = "Quote \" backslash \\ newline \n tab \t bell \u{07} émile 📚"
    let date = Date(milliseconds: 1_709_663_400_123)
    let book = Book(
      id: 3, title: title, authors: ["A, B", "C"], isbn13: "9780141439549", pageCount: 12,
      status: .abandoned, dateAdded: date, dateUpdated: date)
    let text = BookJSON.object(ListedBook(book: book, progress: 0.25))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["title"] as? String == title)
    #expect(object["authors"] as? [String] == ["A, B", "C"])
    #expect(object["isbn10"] is NSNull)
    #expect(object["progress"] as? Double == 0.25)
    #expect(object["status"] as? String == "abandoned")
    #expect(object["added"] as? String == "2024-03-05T18:30:00.123Z")
    #expect(
      text.hasPrefix(
        #"{"added":"2024-03-05T18:30:00.123Z","authors":["A, B","C"],"format":null,"id":3,"#))
  }

  @Test func suggestionsCatchTyposOnly() async {
    #expect(Suggestion.closest(to: "--limt", in: ["--limit", "--all"]) == "--limit")
    #expect(Suggestion.closest(to: "--pgae", in: ["--page", "--all"]) == "--page")
    #expect(Suggestion.closest(to: "--xyz", in: ["--limit", "--all"]) == nil)
    #expect(Suggestion.editDistance("kitten", "sitting") == 3)
  }
}
