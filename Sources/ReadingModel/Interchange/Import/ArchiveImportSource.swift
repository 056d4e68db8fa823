#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An import source over a bookclub archive, read a book at a time: every book keeps its
/// history. A book whose values do not fit is skipped, naming the field.
struct ArchiveImportSource: ImportSource {
  private var reader: ArchiveReader
  let totalBytes: Int

  let formatName = LibraryArchive.formatName
  let columnsNotKept: [String] = []
  let remarks: [String] = []
  var archiveLibraryID: String? { reader.library }
  var goals: [ReadingGoal] { reader.goals }

  /// Opens the archive, checking its format and version.
  ///
  /// - Throws: ``ArchiveError``, or the error reading the file.
  init(path: String) throws {
    reader = try ArchiveReader(path: path)
    totalBytes = (try? InputFile(path: path).size) ?? 1
  }

  var bytesRead: Int { reader.bytesRead }

  mutating func next() throws -> ImportRow? {
    guard let book = try reader.next() else { return nil }
    switch book {
    case .success(let item): return .archived(item)
    case .failure(let error):
      let reason: String
      if case .invalidBook(_, let why) = error { reason = why } else { reason = "\(error)" }
      return .skip(line: reader.position, reason: reason)
    }
  }
}
