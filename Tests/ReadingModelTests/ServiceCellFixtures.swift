import Foundation

@testable import ReadingModel

/// Export files with one cell changed, read or imported as an import reads them: what the
/// cell tests (``RatingCellTests``, ``FieldCellTests``) share.
extension TemporaryFolder {
  /// A Goodreads file of ``SourceRowDigestTests/row(_:rating:)`` 1 with `cells` put in.
  ///
  /// - Returns: Its path.
  func goodreadsRow(with cells: [String: String]) throws -> String {
    let header = SourceRowDigestTests.header
    var row = SourceRowDigestTests.row(1)
    for (column, text) in cells { row[header.firstIndex(of: column)!] = text }
    let path = self.path("export-\(UUID().uuidString).csv")
    try [header, row].map(CSVWriter.line).joined()
      .write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  /// `text` as a file of `format`, read as an import reads it.
  ///
  /// - Returns: Its first book, and the remarks made reading the file.
  func firstBook(of format: ImportFormat, in text: String) throws -> (
    book: ImportedBook?, remarks: [String]
  ) {
    let path = self.path("\(format)-\(UUID().uuidString).csv")
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    var source = try format.source(path: path)
    var first: ImportedBook?
    while let row = try source.next() {
      if case .book(let book) = row, first == nil { first = book }
    }
    return (first, source.remarks)
  }
}

extension SQLiteLibrary {
  /// Imports the Goodreads file at `path`.
  func importGoodreads(_ path: String) throws -> ImportSummary {
    try importBooks(
      from: { try ImportFormat.goodreads.source(path: path) }, options: ImportOptions(),
      progress: nil)
  }
}
