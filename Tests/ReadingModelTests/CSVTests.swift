import Foundation
import TestSupport
import Testing

@testable import ReadingModel

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

  /// Fields are read straight from the chunk when they end inside it, byte by byte when
  /// they cross into the next: rows of every kind of field, of lengths that put chunk
  /// boundaries everywhere (inside a field, on a closing quote, between doubled quotes), read
  /// back as written, on the lines they start on.
  @Test(arguments: 1...6)
  func everyKindOfFieldAcrossChunkBoundaries(seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed)
    let pieces = ["plain", "with, comma", "say \"hi\"", "two\nlines", "", "  spaced, kept", "é ü"]
    var rows: [[String]] = []
    var lines: [Int] = []
    var line = 1
    var size = 0
    while size < 800_000 {
      let row = (0..<5).map { _ in
        let piece = pieces[Int(generator.next() % UInt64(pieces.count))]
        return piece + String(repeating: "x", count: Int(generator.next() % 40))
      }
      rows.append(row)
      lines.append(line)
      let text = CSVWriter.line(row)
      line += text.utf8.filter { $0 == 0x0A }.count
      size += text.utf8.count
    }
    let folder = TemporaryFolder()
    let path = folder.path("kinds.csv")
    try rows.map(CSVWriter.line).joined().write(toFile: path, atomically: false, encoding: .utf8)
    var reader = try CSVReader(path: path)
    var read: [CSVReader.Record] = []
    while let record = try reader.next() { read.append(record) }
    #expect(read.count == rows.count)
    #expect(read.map(\.fields) == rows)
    #expect(read.map(\.line) == lines)
  }

  @Test func paddedFieldsReadLikeTheOriginal() throws {
    let padded = try records(
      "  1234 , Middlemarch     , \"Eliot, George\"   ,\t\"=\"\"0141439548\"\"\"  \n"
        + "5,\"  spaces kept inside quotes  \" ,\"\",  \n")
    #expect(
      padded.map(\.fields) == [
        ["1234", "Middlemarch", "Eliot, George", "=\"0141439548\""],
        ["5", "  spaces kept inside quotes  ", "", ""],
      ])
    #expect(throws: CSVError.textAfterClosingQuote(line: 1)) { try records("\"a\" b,c\n") }
  }

  @Test func aFileThatIsNotPaddedKeepsEveryFieldsBlanks() throws {
    let read = try records(
      "Title,Publisher,Review\n The  Title ,Vintage Books ,\"quoted \"\n\tTab,x,  \"q\"\n")
    #expect(
      read.map(\.fields) == [
        ["Title", "Publisher", "Review"], [" The  Title ", "Vintage Books ", "quoted "],
        ["\tTab", "x", "q"],
      ])
  }

  @Test(arguments: [false, true])
  func utf16WithAByteOrderMarkIsDecoded(bigEndian: Bool) throws {
    let text = "Title,Author\r\nÉmile,Rousseau\r\n\"Moby-Dick 🐳\",Melville\r\n"
    var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
    for unit in text.utf16 {
      let pair = [UInt8(unit >> 8), UInt8(unit & 0xFF)]
      bytes += bigEndian ? pair : pair.reversed()
    }
    var reader = CSVReader(bytes: bytes)
    var all: [[String]] = []
    while let record = try reader.next() { all.append(record.fields) }
    #expect(all == [["Title", "Author"], ["Émile", "Rousseau"], ["Moby-Dick 🐳", "Melville"]])
  }

  @Test func utf16SplitAcrossChunksAndLoneSurrogates() {
    var transcoder = UTF16Transcoder(bigEndian: false)
    let bytes: [UInt8] = Array("🐳a".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
    var output: [UInt8] = []
    for byte in bytes { output += transcoder.transcode([byte], final: false) }
    output += transcoder.transcode([], final: true)
    #expect(String(decoding: output, as: UTF8.self) == "🐳a")
    var lone = UTF16Transcoder(bigEndian: false)
    #expect(lone.transcode([0x00, 0xD8, 0x41, 0x00], final: true) == [0xFF, 0x41])
  }
}
