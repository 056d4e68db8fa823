#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// What one import remembers of the rows it has seen, so that rows of one file are told
// apart by what the file says, not by what they have in common.
extension ImportRun {
  /// A book a new row looks like, and why, for the remark on the new book.
  struct LikelyDuplicate {
    var book: Book.ID
    /// Its id in the row's source.
    var sourceID: String
    /// What the row has in common with it: `ISBN`, `title and author`.
    var same: String

    /// `added as a new book; same ISBN as #3, which is Goodreads book 1234; another edition
    /// of it? bookclub edition link 3 12`.
    ///
    /// - Parameter added: The id of the book the row was added as.
    func remark(source: String, added: Book.ID) -> String {
      let which =
        ImportedBook.isFallbackID(sourceID)
        ? "which has no \(source) id" : "which is \(source) book \(sourceID)"
      return "added as a new book; same \(same) as #\(book), \(which); another edition of it? "
        + "bookclub edition link \(book) \(added)"
    }
  }

  /// The stand-in id of a row that has no id of its own: its ``ImportedBook/fallbackID(_:)``,
  /// numbered (`#2`, `#3`) when earlier rows of the file had the same one and say something
  /// else, so that each is a book of its own and the same row finds the same book on the
  /// next import of the file.
  ///
  /// - Returns: `nil` when an earlier row said exactly the same; this row is then skipped as
  ///   its repeat.
  mutating func standInID(for row: ImportedBook) -> String? {
    let base = ContentDigest(of: [row.base.fieldsJSON, row.base.columnsJSON])
    var seen = standIns[row.sourceID, default: []]
    if let same = seen.first(where: { $0.base == base }) {
      skip(row.line, "it repeats \(label(same.line)) exactly; the first was imported")
      return nil
    }
    seen.append((row.line, base))
    standIns[row.sourceID] = seen
    return seen.count == 1 ? row.sourceID : row.sourceID + "#\(seen.count)"
  }
}
