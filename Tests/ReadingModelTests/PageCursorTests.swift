import Testing

@testable import ReadingModel

@Suite struct PageCursorTests {
  @Test(arguments: BookSort.allCases)
  func tokensRoundTrip(sort: BookSort) throws {
    let key =
      switch sort {
      case .updated, .added: "1709663400123"
      case .rating: "4.25"
      default: "les misérables / 1"
      }
    let cursor = PageCursor(sort: sort, position: 60, key: key, lastID: 1234)
    let token = cursor.token
    #expect(token.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    #expect(PageCursor(token: token) == cursor)
  }

  @Test(arguments: ["", "abc", "!!!", "YzEfaWQfMzA"])
  func foreignTokensAreRejected(_ token: String) {
    #expect(PageCursor(token: token) == nil)
  }

  @Test(arguments: [BookSort.updated, .added, .rating])
  func numericSortsRejectATextKey(sort: BookSort) {
    let forged = PageCursor(sort: sort, position: 30, key: "not a number", lastID: 7)
    #expect(PageCursor(token: forged.token) == nil)
  }
}
