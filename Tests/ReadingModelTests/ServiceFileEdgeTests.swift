import Testing

@testable import ReadingModel

/// Values of service files that were read as something else, now kept: a bare `<` in a
/// BookWyrm review, a status a newer Openreads has.
struct ServiceFileEdgeTests {
  @Test func aBareLessThanInAReviewIsTextNotATag() {
    #expect(HTMLText.paragraphs("<p>1 < 2 and 3 > 1</p><p>Next</p>") == "1 < 2 and 3 > 1\n\nNext")
    #expect(HTMLText.paragraphs("a <b>bold</b> word<") == "a bold word<")
  }

  static func status(_ value: JSONValue?) -> (status: String?, tags: [String]) {
    var book: [String: JSONValue] = ["title": .string("T"), "author": .string("A")]
    book["status"] = value
    var remarks: [String] = []
    guard case .book(let row) = OpenreadsBook.row(book, line: 1, place: "line 1", remarks: &remarks)
    else { return (nil, []) }
    return (row.fields[.status], row.fields.list(.tags))
  }

  @Test func anOpenreadsStatusBookclubDoesNotKnowIsKeptAsATag() {
    #expect(Self.status(nil).status == "finished")
    #expect(Self.status(.integer(1)).status == "reading")
    let unknown = Self.status(.integer(7))
    #expect(unknown.status == nil && unknown.tags == ["Openreads status 7"])
    let word = Self.status(.string("on_hold"))
    #expect(word.status == nil && word.tags == ["Openreads status on_hold"])
    // A stranger's value makes one short line: no controls, no second tag, no whole object.
    let hostile = Self.status(
      .string("x\u{1B}[2J\nsecond tag " + String(repeating: "y", count: 500)))
    #expect(
      hostile.tags == ["Openreads status x[2J second tag " + String(repeating: "y", count: 24)])
    let object = Self.status(.object(["a": .array([.string("big")])]))
    #expect(object.tags == ["Openreads status unknown"])
  }
}
