import Testing

@testable import ReadingModel

/// Columns read from their bytes, without the whole text made first: the same values the
/// text gives (``SQLiteRow/lines(_:)`` as ``String/lineItems``, ``SQLiteRow/rawCase(_:of:)``
/// as `init(rawValue:)`), whatever the column holds.
@Suite struct SQLiteRowBytesTests {
  let folder = TemporaryFolder()

  func connection() throws -> SQLiteConnection {
    try SQLiteConnection(path: folder.path("rows.sqlite"), mode: .create)
  }

  @Test func linesAreTheTextsLineItems() throws {
    let connection = try connection()
    for text in [
      "", "Ann", "Ann\nBo", "\n\nAnn\n\n\nBo\n", "\n", "Émile\n📚 Лев", "a\u{0}b\nc", " \n ",
    ] {
      let lines = try connection.first("SELECT ?", [.text(text)]) { $0.lines(0) }
      #expect(lines == text.lineItems, "\(text.debugDescription)")
    }
    #expect(try connection.first("SELECT NULL") { $0.lines(0) } == [])
    // Bytes that are no UTF-8 are repaired as the whole text would be.
    let invalid = try connection.first("SELECT CAST(x'41ff0a42' AS TEXT)") { row in
      (row.lines(0), row.text(0).lineItems)
    }
    #expect(invalid?.0 == invalid?.1 && invalid?.0.count == 2)
  }

  @Test func aRawCaseIsTheCaseItsTextNames() throws {
    let connection = try connection()
    for text in ReadingStatus.allCases.map(\.rawValue) + ["", "Want", "want ", "wan", "reading\0"] {
      let read = try connection.first("SELECT ?", [.text(text)]) {
        $0.rawCase(0, of: ReadingStatus.self)
      }
      #expect(read == ReadingStatus(rawValue: text), "\(text.debugDescription)")
    }
    let null = try connection.first("SELECT NULL") { $0.rawCase(0, of: BookFormat.self) }
    #expect(null == .some(nil))
  }
}
