import Foundation
import ReadingModel
import Testing

@Suite struct CSVTests {
  func records(_ text: String) throws -> [CSVReader.Record] {
    var reader = CSVReader(text: text)
    var all: [CSVReader.Record] = []
    while let record = try reader.next() { all.append(record) }
    return all
  }

  @Test func quotesCommasLineBreaksAndLineNumbers() throws {
    let text = "a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\"two\nlines\"\r\nlast,,\n"
    let parsed = try records(text)
    #expect(
      parsed.map(\.fields) == [
        ["a", "b", "c"], ["x, y", "say \"hi\"", "two\nlines"], ["last", "", ""],
      ])
    #expect(parsed.map(\.line) == [1, 2, 4])
  }

  @Test func byteOrderMarkAndNoFinalNewline() throws {
    let parsed = try records("\u{FEFF}Title,Author\nÉmile,Rousseau")
    #expect(parsed.map(\.fields) == [["Title", "Author"], ["Émile", "Rousseau"]])
  }

  @Test func brokenQuoteNamesItsLine() throws {
    var lines = (1...16).map { "row \($0),ok" }
    lines.append("\"broken,field")
    lines += (18...20).map { "row \($0),ok" }
    #expect(throws: CSVError.unterminatedQuote(line: 17)) {
      try records(lines.joined(separator: "\n"))
    }
    #expect(CSVError.unterminatedQuote(line: 17).localizedDescription.contains("line 17"))
    #expect(throws: CSVError.textAfterClosingQuote(line: 2)) { try records("a\n\"b\"c,d\n") }
  }

  @Test func invalidUTF8NamesItsLine() throws {
    let folder = TemporaryFolder()
    let path = folder.path("bad.csv")
    var bytes = Array("a,b\nc,d\n".utf8)
    bytes += [0x66, 0xFF, 0x2C, 0x67, 0x0A]
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    var reader = try CSVReader(path: path)
    _ = try reader.next()
    _ = try reader.next()
    #expect(throws: CSVError.invalidUTF8(line: 3)) { try reader.next() }
  }

  @Test func writerRoundTrips() throws {
    let rows = [
      ["plain", "with, comma", "with \"quote\""], ["multi\nline", "", "=\"0141439548\""],
    ]
    let text = rows.map(CSVWriter.line).joined()
    #expect(try records(text).map(\.fields) == rows)
  }

  @Test func readsLargeFilesInChunks() throws {
    let folder = TemporaryFolder()
    let path = folder.path("big.csv")
    let row = "\"a long, quoted field that crosses chunk boundaries\",2,3\n"
    try String(repeating: row, count: 20_000).write(
      toFile: path, atomically: false, encoding: .utf8)
    var reader = try CSVReader(path: path)
    var count = 0
    while let record = try reader.next() {
      #expect(record.fields.count == 3)
      count += 1
    }
    #expect(count == 20_000)
    #expect(reader.bytesRead == row.utf8.count * 20_000)
  }
}
