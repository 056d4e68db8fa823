import ReadingModel
import Testing

@Suite struct ISBNTests {
  @Test func isbn13WithHyphensGivesBothForms() throws {
    let isbn = try #require(ISBN("978-0-14-143954-9"))
    #expect(isbn.isbn13 == "9780141439549")
    #expect(isbn.isbn10 == "0141439548")
  }

  @Test func isbn10GivesTheIsbn13() throws {
    let isbn = try #require(ISBN("0-14-143954-8"))
    #expect(isbn.isbn13 == "9780141439549")
    #expect(isbn.isbn10 == "0141439548")
  }

  @Test func isbn10MayEndInX() throws {
    let isbn = try #require(ISBN("080442957x"))
    #expect(isbn.isbn10 == "080442957X")
    #expect(isbn.isbn13 == "9780804429573")
  }

  @Test func prefix979HasNoIsbn10() throws {
    let isbn = try #require(ISBN("979-10-90636-07-1"))
    #expect(isbn.isbn10 == nil)
  }

  @Test(arguments: ["9780141439548", "0141439547", "12345", "97801414395AB", "", "X141439548"])
  func invalidISBNsAreRejected(_ text: String) {
    #expect(ISBN(text) == nil)
  }
}
