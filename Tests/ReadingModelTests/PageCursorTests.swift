import Testing

@testable import ReadingModel

@Suite struct PageCursorTests {
  /// Tokens are URL-safe base64 without padding, as they were when Foundation wrote them:
  /// a cursor printed by an older bookclub still continues its list.
  @Test func tokensAreURLSafeBase64WithoutPadding() {
    for (cursor, token) in [
      (PageCursor(sort: .id, position: 30, key: "30", lastID: 30), "YzEfaWQfMzAfMzAfMzA"),
      (PageCursor(sort: .id, position: 2, key: "2", lastID: 2), "YzEfaWQfMh8yHzI"),
      (
        PageCursor(sort: .title, position: 7, key: "book 99 é", lastID: 99),
        "YzEfdGl0bGUfNx85OR9ib29rIDk5IMOp"
      ),
    ] {
      #expect(cursor.token == token)
      #expect(PageCursor(token: token) == cursor)
    }
  }

  @Test(arguments: BookSort.allCases)
  func tokensRoundTrip(sort: BookSort) throws {
    let key =
      switch sort {
      case .updated, .added: "1709663400123"
      case .rating: "4.25"
      case .series: "1.5"
      default: "les misérables / 1"
      }
    let cursor = PageCursor(sort: sort, position: 60, key: key, lastID: 1234)
    let token = cursor.token
    #expect(token.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    #expect(PageCursor(token: token) == cursor)
  }

  /// Tokens printed by earlier builds must still be read, and be made the same: the bytes
  /// are pinned (URL-safe base64 of the five fields, `-` and `_` for `+` and `/`, no `=`).
  @Test func tokensAreTheBytesEarlierBuildsMade() throws {
    let cursor = PageCursor(sort: .title, position: 60, key: "café ~ ÿ?", lastID: 1234)
    let printed = "YzEfdGl0bGUfNjAfMTIzNB9jYWbDqSB-IMO_Pw"
    #expect(cursor.token == printed)
    #expect(PageCursor(token: printed) == cursor)
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
