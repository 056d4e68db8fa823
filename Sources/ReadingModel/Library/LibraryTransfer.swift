/// A library whole, in and out: its id, its books a page at a time with everything an
/// archive keeps, and the restore of an archive into it.
public protocol LibraryTransfer: Sendable {
  /// Adds every book of `archive` with its progress, keeping ids, in one transaction.
  ///
  /// - Throws: ``LibraryError/idsAlreadyUsed(_:)`` when an id is taken, and nothing is added.
  func restore(_ archive: LibraryArchive) async throws

  /// The library's own id (a UUID made when it was created), which its archives carry;
  /// `nil` when the library does not exist yet.
  func libraryID() async throws -> String?

  /// Up to `limit` books after the id `lastID`, in id order, with everything an archive
  /// keeps: for exporting a library of any size a page at a time.
  func archivePage(after lastID: Book.ID?, limit: Int) async throws -> [LibraryArchive.Item]
}
