import Foundation

/// An import source over a bookclub archive: every book keeps its id and history.
struct ArchiveImportSource: ImportSource {
  private let items: [LibraryArchive.Item]
  let archiveLibraryID: String?
  private var index = 0
  let totalBytes: Int

  let formatName = "bookclub"
  let columnsNotKept: [String] = []
  let remarks: [String] = []

  /// Reads the whole archive (it is decoded at once, unlike CSV files).
  ///
  /// - Throws: ``ArchiveError``, or the error reading the file.
  init(path: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let archive = try LibraryArchive.decode(data)
    items = archive.books
    archiveLibraryID = archive.library
    totalBytes = max(items.count, 1)
  }

  var bytesRead: Int { index }

  mutating func next() throws -> ImportRow? {
    guard index < items.count else { return nil }
    defer { index += 1 }
    return .archived(items[index])
  }
}
