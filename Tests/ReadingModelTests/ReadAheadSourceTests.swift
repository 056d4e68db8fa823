import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ReadingModel

/// A CSV export is read on a thread of its own, ahead of the import: what comes out must be
/// what the file says, in its order, errors included, and an import that stops must stop
/// the reading.
@Suite struct ReadAheadSourceTests {
  @Test func rowsComeOutInTheFilesOrderAcrossChunks() throws {
    var source = ReadAheadSource(ScriptedSource(rows: 1000), chunkSize: 7)
    var lines: [Int] = []
    while let row = try source.next() {
      guard case .skip(let line, _) = row else { continue }
      lines.append(line)
    }
    #expect(lines == Array(1...1000))
    #expect(try source.next() == nil)
    #expect(source.remarks == ["read 1000 rows"])
    #expect(source.bytesRead == 1000)
    #expect(source.formatName == "Scripted")
    #expect(source.columnsNotKept == ["Unkept"])
  }

  @Test func anErrorComesOutAfterTheRowsBeforeIt() throws {
    var source = ReadAheadSource(ScriptedSource(rows: 20, failing: true), chunkSize: 8)
    var read = 0
    let error = #expect(throws: CSVError.self) {
      while try source.next() != nil { read += 1 }
    }
    #expect(read == 20)
    #expect(error == .invalidUTF8(line: 21))
    #expect(throws: CSVError.self) { try source.next() }
    #expect(source.remarks.isEmpty)
  }

  @Test func droppingTheSourceStopsTheReadingThread() async throws {
    let probe = Probe()
    do {
      var source = ReadAheadSource(ScriptedSource(rows: .max, probe: probe), chunkSize: 4)
      _ = try source.next()
    }
    // The reading thread lets go of the file's source when it stops; it would read forever
    // if dropping the import's end did not stop it.
    try await Wait.until("the reading thread to let go of the source") { probe.released }
    #expect(probe.rowsRead <= 4 * (ReadAheadSource.depth + 2))
  }

  @Test func aBaseMadeAheadIsTheBaseMadeWhenAskedFor() {
    let kept = KeptColumns([("Author", 1), ("Title", 0)])
    var fields = BookFields()
    fields[.title] = "Middlemarch"
    fields.setList(.authors, ["George Eliot"])
    let row = ["Middlemarch", "George \"Eliot\"", "not kept"]
    let later = ImportedBook(
      line: 2, source: "goodreads", sourceID: "7", fields: fields, row: row, kept: kept)
    var ahead = later
    ahead.makeBase()
    let given = ImportedBook(
      line: 2, source: "goodreads", sourceID: "7", fields: fields,
      columnsJSON: #"{"Author":"George \"Eliot\"","Title":"Middlemarch"}"#)
    #expect(later.base == given.base)
    #expect(ahead.base == given.base)
    #expect(ahead.columnsJSON == given.columnsJSON)
    #expect(ahead == later)
    #expect(ahead.hasMadeBase && !later.hasMadeBase)
  }

  @Test func whileTheImportIsBehindTheReadingThreadMakesTheBases() async throws {
    let probe = Probe()
    var source = ReadAheadSource(ScriptedSource(rows: 200, books: true, probe: probe), chunkSize: 4)
    // Nothing is taken until the reading thread has filled every place and waits.
    let filled = 4 * (ReadAheadSource.depth + 1)
    try await Wait.until("the reading thread to fill every place") { probe.rowsRead >= filled }
    var made: [Bool] = []
    while let row = try source.next() {
      if case .book(let book) = row { made.append(book.hasMadeBase) }
    }
    #expect(made.count == 200)
    // The first two chunks found none waiting; each one after, up to the full queue, did.
    #expect(made[0..<8].allSatisfy { !$0 })
    #expect(made[8..<(4 * ReadAheadSource.depth)].allSatisfy { $0 })
  }

  @Test func csvExportsAreReadAhead() throws {
    let folder = TemporaryFolder()
    let path = folder.path("export.csv")
    try CSVWriter.line(BulkImportTests.header).write(
      toFile: path, atomically: false, encoding: .utf8)
    #expect(try ImportFormat.goodreads.source(path: path) is ReadAheadSource)
  }
}

/// Counts what a source read and notes when it was let go.
final class Probe: Sendable {
  private let state = Mutex((read: 0, gone: false))

  var rowsRead: Int { state.withLock { $0.read } }
  var released: Bool { state.withLock { $0.gone } }

  func count() { state.withLock { $0.read += 1 } }
  func release() { state.withLock { $0.gone = true } }
}

/// Tells its probe when the last copy of a source is gone.
final class ProbeToken {
  let probe: Probe
  init(_ probe: Probe) { self.probe = probe }
  deinit { probe.release() }
}

/// A source of `rows` skipped rows numbered from 1, then the end or an error.
struct ScriptedSource: ImportSource {
  let rows: Int
  var failing = false
  /// Books with their columns as read, instead of skipped rows.
  var books = false
  var token: ProbeToken?
  private var line = 0

  init(rows: Int, failing: Bool = false, books: Bool = false, probe: Probe? = nil) {
    self.rows = rows
    self.failing = failing
    self.books = books
    token = probe.map(ProbeToken.init)
  }

  let formatName = "Scripted"
  let columnsNotKept = ["Unkept"]
  var bytesRead: Int { line }
  let totalBytes = 1000
  var remarks: [String] { ["read \(line) rows"] }

  mutating func next() throws -> ImportRow? {
    guard line < rows else {
      if failing { throw CSVError.invalidUTF8(line: line + 1) }
      return nil
    }
    line += 1
    token?.probe.count()
    guard books else { return .skip(line: line, reason: "row \(line)") }
    var fields = BookFields()
    fields[.title] = "Book \(line)"
    return .book(
      ImportedBook(
        line: line, source: "scripted", sourceID: String(line), fields: fields,
        row: ["Book \(line)"], kept: KeptColumns([("Title", 0)])))
  }
}
