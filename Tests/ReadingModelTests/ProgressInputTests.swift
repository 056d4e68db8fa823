import Foundation
import ReadingModel
import Testing

@Suite struct ProgressInputTests {
  static let date = Date(milliseconds: 0)
  static let paged = Book(
    id: 1, title: "Middlemarch", authors: ["George Eliot"], pageCount: 880, dateAdded: date,
    dateUpdated: date)
  static let unpaged = Book(
    id: 2, title: "Essays", authors: ["Montaigne"], dateAdded: date, dateUpdated: date)

  @Test(arguments: [
    ("123", ProgressInput.page(123)), ("45%", .percent(45)), ("45.5%", .percent(45.5)),
    ("+20", .relativePages(20)), ("-5", .relativePages(-5)), ("done", .done), ("DONE", .done),
    (" 0 ", .page(0)), ("0%", .percent(0)), ("100%", .done),
  ])
  func parses(_ text: String, _ expected: ProgressInput) throws {
    #expect(try ProgressInput(parsing: text) == expected)
  }

  @Test(arguments: [
    ("", ProgressInputError.empty), ("nan", .notUnderstood("nan")),
    ("nan%", .notUnderstood("nan%")), ("inf%", .notUnderstood("inf%")),
    ("101%", .percentAbove100(101)), ("-5%", .notUnderstood("-5%")),
    ("12 pages", .notUnderstood("12 pages")), ("+x", .notUnderstood("+x")),
  ])
  func rejects(_ text: String, _ expected: ProgressInputError) {
    #expect(throws: expected) { try ProgressInput(parsing: text) }
  }

  @Test func fractionsForABookWithPages() throws {
    #expect(try ProgressInput.page(440).fraction(for: Self.paged, current: 0) == 0.5)
    #expect(try ProgressInput.relativePages(88).fraction(for: Self.paged, current: 0.5) == 0.6)
    #expect(try ProgressInput.percent(25).fraction(for: Self.paged, current: 0.9) == 0.25)
    #expect(try ProgressInput.done.fraction(for: Self.paged, current: 0) == 1)
    #expect(throws: ProgressInputError.pageBeyondEnd(881, pageCount: 880)) {
      try ProgressInput.page(881).fraction(for: Self.paged, current: 0)
    }
    #expect(throws: ProgressInputError.negativePage(-3)) {
      try ProgressInput.relativePages(-3).fraction(for: Self.paged, current: 0)
    }
    #expect(throws: ProgressInputError.pageBeyondEnd(900, pageCount: 880)) {
      try ProgressInput.relativePages(20).fraction(for: Self.paged, current: 1)
    }
  }

  @Test func pagesNeedAPageCount() {
    #expect(throws: ProgressInputError.pagesUnknown) {
      try ProgressInput.page(3).fraction(for: Self.unpaged, current: 0)
    }
    #expect(throws: ProgressInputError.pagesUnknown) {
      try ProgressInput.relativePages(3).fraction(for: Self.unpaged, current: 0)
    }
    #expect(ProgressInputError.pagesUnknown.localizedDescription.contains("%"))
  }

  @Test func describeWritesTheGrammarBack() throws {
    #expect(ProgressInput.describe(0.5, for: Self.paged) == "440")
    #expect(ProgressInput.describe(0.455, for: Self.unpaged) == "45.5%")
    #expect(ProgressInput.describe(0.3, for: Self.unpaged) == "30%")
    #expect(ProgressInput.describe(1, for: Self.unpaged) == "done")
    for fraction in [0.0, 0.25, 0.455, 0.999] {
      let text = ProgressInput.describe(fraction, for: Self.unpaged)
      let again = try ProgressInput(parsing: text).fraction(for: Self.unpaged, current: 0)
      #expect(abs(again - fraction) < 0.001)
    }
  }
}
