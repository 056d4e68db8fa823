import Foundation
import Testing

@testable import ReadingModel

/// The record of changes keeps the newest records (a thousand; fifty here), whatever a
/// library's age.
@Suite struct ChangeTrimmingTests {
  let folder = TemporaryFolder()

  @Test func theRecordKeepsTheNewestChanges() async throws {
    let path = folder.path("library.sqlite")
    let library = SQLiteLibrary(path: path, keptChanges: 50)
    let book = try await library.add(try NewBook(title: "Emma", authors: ["Jane Austen"]))
    // An import first: a group whose members go with its record.
    let export = folder.path("export.csv")
    let header = GoodreadsImportTests.header31.split(separator: ",").map(String.init)
    let row = header.map { $0 == "Title" ? "Persuasion" : $0 == "Author" ? "Jane Austen" : "" }
    try [header, row].map(CSVWriter.line).joined().write(
      toFile: export, atomically: false, encoding: .utf8)
    #expect(try await importFile(export, into: library).record != nil)
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    for step in 1...115 {
      try await library.record(
        Double(step % 100) / 100, on: book.id, at: start.addingTimeInterval(Double(step)),
        note: "step \(step)", kind: .note)
    }
    let connection = try SQLiteConnection(path: path, mode: .readOnly)
    let kept = try #require(try connection.integer("SELECT count(*) FROM library_changes"))
    #expect(kept >= 50 && kept < 55, "\(kept)")
    let oldest = try #require(try connection.integer("SELECT min(seq) FROM library_changes"))
    #expect(oldest > 2, "the first changes (adding the book, the import) are trimmed")
    #expect(try connection.integer("SELECT count(*) FROM library_change_members") == 0)
    // The newest change is still undone, and the book is still there.
    try await library.undo()
    #expect(try await library.progress(of: book.id).entries.count == 114)
  }
}
