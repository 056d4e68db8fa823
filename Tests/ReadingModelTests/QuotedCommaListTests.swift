import Testing

@testable import ReadingModel

@Suite struct QuotedCommaListTests {
  @Test func aQuotedNameKeepsItsCommaAndItsDoubledQuotes() {
    #expect(
      QuotedCommaList.items("\"James Wesley, Rawles\", Jane Doe")
        == ["James Wesley, Rawles", " Jane Doe"])
    #expect(
      QuotedCommaList.items("Ann,  \"Dwayne \"\"The Rock\"\" Johnson\" , \"Doe, J.\"")
        == ["Ann", "Dwayne \"The Rock\" Johnson", "Doe, J."])
  }

  @Test func listsWithoutThisQuotingReadAsPlainCommaLists() {
    let plain = [
      "Jane Austen, Charlotte Brontë", "Jane Austen,,", "", "Dwayne \"The Rock\" Johnson, Ann",
      "\"Weird Al\" Yankovic, Ann", "\"never closed, Ann", "Ann, \"Bob\" and Carol",
    ]
    for text in plain {
      #expect(
        QuotedCommaList.items(text)
          == text.split(separator: ",", omittingEmptySubsequences: false).map(String.init),
        "\(text)")
    }
  }

  @Test func writesQuotesOnlyWhereANameNeedsThem() {
    #expect(QuotedCommaList.text(["Jane Austen", "Ann"]) == "Jane Austen, Ann")
    #expect(
      QuotedCommaList.text(["James Wesley, Rawles", "Jane Doe"])
        == "\"James Wesley, Rawles\", Jane Doe")
    #expect(QuotedCommaList.text(["Say \"Hi\""]) == "\"Say \"\"Hi\"\"\"")
    #expect(QuotedCommaList.text([]) == "")
  }

  @Test func whatIsWrittenReadsBackAsTheSameNames() {
    let lists = [
      ["James Wesley, Rawles", "Jane Doe"], ["\"Quoted\"", "a,b,c", "plain"],
      ["Richard Pevear (Translator)"], ["\"", ",", "\"\""],
    ]
    for names in lists {
      let read = QuotedCommaList.items(QuotedCommaList.text(names)).map {
        $0.trimmingWhitespace()
      }
      #expect(read == names, "\(names)")
    }
  }

  @Test func theStoryGraphRowReadsQuotedAuthorsAndPlainTags() {
    let row = CSVRow(
      fields: ["\"Le Guin, Ursula K.\", Jane Doe", "a, b", "x, \"y, z\""], line: 2,
      columns: ["Authors": 0, "Tags": 1, "Plain": 2])
    #expect(row.quotedList("Authors") == ["Le Guin, Ursula K.", "Jane Doe"])
    #expect(row.quotedList("Tags") == row.list("Tags"))
    #expect(row.list("Plain") == ["x", "\"y", "z\""])
  }
}
